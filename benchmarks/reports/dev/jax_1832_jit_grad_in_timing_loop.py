# source: https://github.com/jax-ml/jax/issues/1832
# framework: JAX
# `%timeit jit(grad(...))(...)`: each pass wraps a new `grad` function in a new `jit`, so every
# pass traces and compiles again (the maintainer's remark in the thread). The loop is what
# %timeit runs.
# verify: c.jax['func_jax'] >= 8
from jax import grad, jit, lax
import jax.numpy as np


def func_jax(x):
    def body(f_prev, x_i):
        return f_prev + x_i, f_prev + x_i

    _, f = lax.scan(body, 0.0, x)
    return np.sum(f)


x = np.ones(100)
for _ in range(10):
    jit(grad(func_jax))(x)  # label: ACC5
