# source: https://github.com/jax-ml/jax/pull/11743
# framework: JAX
# "prepare to switch to new remat": the new `jax.checkpoint` docstring example for Python
# control flow on an argument: `@partial(jax.checkpoint, static_argnums=(1,)) def foo(x,
# is_training): if is_training: ...`. The flag is static, so the branch is on a Python bool. Fine.
# The docstring example filled in (the branches are elided there), differentiated under jit.
# label: none
# verify: close(c.gs, e.gs)
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.checkpoint, static_argnums=(1,))
def foo(x, is_training):
    if is_training:
        return jnp.sin(x) * 2.0
    else:
        return jnp.sin(x)


gs = [jax.jit(jax.grad(foo), static_argnums=(1,))(1.0, flag) for flag in (True, False)]
