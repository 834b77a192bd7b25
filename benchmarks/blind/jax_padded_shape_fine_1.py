# source: blind55:jax_padded_shape_fine_1
# framework: JAX
# label: none
# The same ragged batches, padded to a fixed maximum length before the jitted encoder: one shape.
# verify: c.jax['encode'] == 1
import jax
import jax.numpy as jnp
import numpy as np

MAX_LEN = 64


def batches(rng, n):
    for _ in range(n):
        length = int(rng.integers(5, 60))
        x = np.ones((4, length), dtype=np.float32)
        yield np.pad(x, ((0, 0), (0, MAX_LEN - length)))


@jax.jit
def encode(x):
    return jnp.tanh(x).sum(axis=1)


rng = np.random.default_rng(0)
outputs = [encode(batch) for batch in batches(rng, 12)]
