# source: blind55:jax_last_batch_fine_1
# framework: JAX
# label: none
# A loader without drop_last: full batches of 8 and one smaller last batch per epoch, so the
# jitted step sees two shapes over all epochs (two compiles).
# verify: c.jax['step'] == 2
import jax
import jax.numpy as jnp
import numpy as np


def loader(data, batch_size):
    for i in range(0, len(data), batch_size):
        yield data[i:i + batch_size]


@jax.jit
def step(w, xb):
    return w - 0.01 * jnp.mean(xb, axis=0)


data = np.ones((50, 3), dtype=np.float32)
w = jnp.zeros((3,))
for epoch in range(4):
    for xb in loader(data, 8):
        w = step(w, xb)
