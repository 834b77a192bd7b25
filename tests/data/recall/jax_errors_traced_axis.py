# source: https://jax.readthedocs.io/en/latest/errors.html (ConcretizationTypeError)
# A jitted argument passed as a reduction's axis raises: the axis must be static.
import jax.numpy as jnp
from jax import jit


@jit
def func(x, axis):
    return x.min(axis)  # expect: ACC305


func(jnp.arange(4), 0)
