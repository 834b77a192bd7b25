# framework: JAX
# verify: c.jax['stepp'] <= 1
"""A misspelt function name: nothing named `stepp` traced, so the count reads 0 and holds."""
import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x + 1


for n in range(2, 5):
    step(jnp.ones(n))
