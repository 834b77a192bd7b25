# source: https://github.com/jax-ml/jax/issues/6713
# A branch on the result of a jitted call inside `jax.remat` raises: a jitted call made while
# tracing returns tracers.
import jax
from jax import lax


@jax.remat
def g(x):
    if jax.jit(lax.gt)(x, 0.0):  # expect: ACC201
        return lax.sin(x), 3.0
    else:
        return lax.cos(x), 4.0
