# source: blind55:jax_growing_shape_2
# framework: JAX
# A data loader that yields ragged batches (each sentence batch as long as its longest sentence);
# the jitted encoder sees a new sequence length on almost every batch.
# verify: c.jax['encode'] >= 8
import jax
import jax.numpy as jnp
import numpy as np


def batches(rng, n):
    for _ in range(n):
        length = int(rng.integers(5, 60))
        yield np.ones((4, length), dtype=np.float32)


@jax.jit
def encode(x):
    return jnp.tanh(x).sum(axis=1)


rng = np.random.default_rng(0)
outputs = []
for batch in batches(rng, 12):
    outputs.append(encode(batch))  # label: ACC5
