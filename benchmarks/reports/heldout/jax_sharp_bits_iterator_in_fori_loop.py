# source: https://docs.jax.dev/en/latest/notebooks/Common_Gotchas_in_JAX.html#iterators
# framework: JAX
# The sharp bits' iterator example: `next(it)` in a `lax.fori_loop` body runs once, while the
# body is traced, so the loop adds the first element on every step (0 instead of 45).
# verify: int(c.result) == 0 and int(e.result) == 45
import jax.numpy as jnp
from jax import lax

array = jnp.arange(10)
print(lax.fori_loop(0, 10, lambda i, x: x + array[i], 0))

iterator = iter(range(10))
result = lax.fori_loop(0, 10, lambda i, x: x + next(iterator), 0)  # label: ACC6
print(result)
