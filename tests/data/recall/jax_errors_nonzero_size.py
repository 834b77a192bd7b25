# source: https://jax.readthedocs.io/en/latest/errors.html (ConcretizationTypeError, "Shape
# depends on Traced Value")
# One-argument `jnp.where` (nonzero) of a traced condition raises: its size depends on values.
import jax.numpy as jnp
from jax import jit


@jit
def func(x):
    indices = jnp.where(x > 1)  # expect: ACC305
    return x[indices].sum()
