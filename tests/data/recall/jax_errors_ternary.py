# source: https://jax.readthedocs.io/en/latest/errors.html (ConcretizationTypeError, "Traced
# value used in control flow")
import jax.numpy as jnp
from jax import jit


@jit
def func(x, y):
    return x if x.sum() < y.sum() else y  # expect: ACC203


func(jnp.ones(4), jnp.zeros(4))
