# source: https://github.com/jax-ml/jax/issues/4449
# framework: JAX
# "Operations on static inputs/shapes yield concretization errors": `count = jnp.add(arr.size,
# 1)` then `jnp.ones((count,))` inside jit worked on jax 0.1.73 and fails from 0.2.0 on: the
# jnp call is staged, so `count` is a tracer and cannot be a shape (`arr.size + 1` works). Still
# so on jax 0.10.2.
# verify: c.error is not None and e.error is None
import jax
import jax.numpy as jnp


@jax.jit
def custom_ones(arr):
    count = jnp.add(arr.size, 1)
    return jnp.ones((count,))  # label: ACC3


error = None
r = None
try:
    r = custom_ones(jnp.ones((3,)))
except Exception as exc:
    error = type(exc).__name__
print(error, r)
