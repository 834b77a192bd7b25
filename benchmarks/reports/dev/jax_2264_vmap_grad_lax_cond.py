# source: https://github.com/jax-ml/jax/issues/2264
# framework: JAX
# "Using vmap on grad on function with lax.cond throws errors": `vmap(grad(f))(x)` with
# `f(x) = lax.cond(x > 0, x, f_1, x, f_2)`, and the same with `np.where`. On jax 0.1.59 the
# cond version raised IndexError; cond now batches (as a select) and both give the same
# gradients. Fine. The reporter's code, cond in the current signature.
# label: none
# verify: c.error is None and close(c.y, c.y_where) and close(c.y, e.y)
import jax.numpy as np
from jax import grad, lax, vmap


def f_1(x):
    return x**2


def f_2(x):
    return x**3


def f(x):
    y = lax.cond(x > 0, f_1, f_2, x)
    return y


def g(x):
    y = np.where(x > 0, f_1(x), f_2(x))
    return y


x = np.linspace(-1, 1, 20)
error = None
y = None
try:
    y = vmap(grad(f))(x)
except Exception as exc:
    error = type(exc).__name__
y_where = vmap(grad(g))(x)
print(error, y)
