# source: https://github.com/jax-ml/jax/issues/292
# framework: JAX
# "vmap into dynamic_slice -- TypeError: unhashable type: 'BatchTracer'" (jax 2019): slicing each
# example's partition with `lax.dynamic_slice` at a start index that is mapped over. Today
# dynamic_slice batches over its start indices; the vmapped result matches a Python loop. Fine.
# label: none
# verify: c.error is None and c.same
import jax
import jax.numpy as jnp
from jax import lax


def take_window(x, i):
    return lax.dynamic_slice(x, (i,), (3,))


x = jnp.arange(10.0)
starts = jnp.array([0, 2, 5, 7])
error = None
same = False
try:
    out = jax.vmap(take_window, in_axes=(None, 0))(x, starts)
    ref = jnp.stack([take_window(x, int(i)) for i in starts])
    same = bool(jnp.allclose(out, ref))
except Exception as exc:
    error = type(exc).__name__
print(error, same)
