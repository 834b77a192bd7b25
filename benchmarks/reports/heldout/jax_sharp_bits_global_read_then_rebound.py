# source: https://docs.jax.dev/en/latest/notebooks/Common_Gotchas_in_JAX.html#pure-functions
# framework: JAX
# The sharp bits' `impure_uses_globals`: the jitted function reads the global `g`; after `g` is
# set to 10 the cached trace still uses 0 (same input shape, no retrace).
# verify: not close(c.second, e.second)
import jax.numpy as jnp
from jax import jit

g = 0.0


def impure_uses_globals(x):
    return x + g  # label[g]: ACC6


print("First call: ", jit(impure_uses_globals)(4.0))
first = jit(impure_uses_globals)(4.0)
g = 10.0  # label[g]
second = jit(impure_uses_globals)(5.0)
print("Second call: ", second)
