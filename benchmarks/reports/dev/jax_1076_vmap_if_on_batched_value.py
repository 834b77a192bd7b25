# source: https://github.com/jax-ml/jax/issues/1076
# framework: JAX
# "noob vmap question with if statement": `vmap(kernel_scalar)(xs)` where kernel_scalar does
# `if np.abs(x) > lam: return 0.0 else: return np.exp(-beta*x**2)`: "Abstract value passed to
# `bool`". Under vmap `x` is a batch tracer, so the Python `if` needs one bool for the whole
# batch. The reporter's code (np is jax.numpy); one scalar call works.
# verify: c.error is not None and c.single is not None
import jax.numpy as np
import numpy as onp
from jax import vmap


def kernel_scalar(x, lam=0.18, beta=1.0):
    if np.abs(x) > lam:  # label: ACC2
        return 0.0
    else:
        return np.exp(-beta * x**2)


def kernel(xs):
    kernels = vmap(kernel_scalar)(xs)
    return kernels


single = kernel_scalar(np.array(0.1))
n = 10
xs = onp.random.randn(n)
error = None
try:
    k = kernel(xs)
except Exception as exc:
    error = type(exc).__name__
print(error)
