# source: https://github.com/jax-ml/jax/issues/18405
# framework: JAX
# "checkpoint static parameter has to be called as positional argument":
# `@partial(jit, static_argnums=1) @partial(checkpoint, static_argnums=1) def f(x, flag=False):
# if flag: x += 1`. `f(5, False)` is fine; `f(5, flag=False)` raised a ValueError from
# checkpoint's static_argnums (an API limitation, not a trace of the flag). The branch is on a
# static Python bool either way. Reduced: the reporter's function and its positional calls.
# label: none
# verify: c.outs == e.outs
from functools import partial

from jax import checkpoint, jit


@partial(jit, static_argnums=1)
@partial(checkpoint, static_argnums=1)
def f(x, flag=False):
    if flag:
        x += 1
    return x


outs = [int(f(5, False)), int(f(5, True))]
