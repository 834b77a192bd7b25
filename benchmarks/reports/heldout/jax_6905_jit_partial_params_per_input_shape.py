# source: https://github.com/jax-ml/jax/issues/6905
# framework: JAX
# "JIT-ing closures/partial functions with large constants": for evaluation with fixed
# parameters the asker replaced `jax.jit(my_haiku_model.apply)` with
# `jax.jit(partial(my_haiku_model.apply, params))`; the parameters then become constants of the
# compiled program, copied again with every new input shape (an OOM for GB-sized models). The
# results are right and each shape compiles once (two shapes, two compiles; a repeated shape is
# a cache hit); the cost is memory, not a repeated compile or a stale value. Fine as run. A
# pure function stands for the haiku model's `apply`.
# label: none
# verify: c.jax['apply'] == 2 and close(c.outs, e.outs)
from functools import partial

import jax
import jax.numpy as jnp


def apply(params, x):
    return jnp.tanh(x @ params["w"] + params["b"])


params = {"w": jnp.ones((4, 8)) * 0.1, "b": jnp.zeros(8)}
jitted_func = jax.jit(partial(apply, params))


def do_something_with_jitted_func(*args):
    return jitted_func(*args).sum()


def do_something_else_with_jitted_func(*args):
    return jitted_func(*args).mean()


outs = [
    float(do_something_with_jitted_func(jnp.ones((2, 4)))),
    float(do_something_else_with_jitted_func(jnp.ones((5, 4)))),
    float(do_something_with_jitted_func(jnp.ones((2, 4)))),
]
print(outs)
