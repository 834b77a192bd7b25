# source: https://github.com/jax-ml/jax/issues/803
# framework: JAX
# "Jit with unknown shape": the asker wants one jitted function for different mini-batch sizes.
# The maintainer: `jit` recompiles for each new set of input shapes, and the way out is to bucket
# the batches into a few sizes and pad. Here a training loop draws a new batch size on each step
# (as a sampler with variable batches does), so the jitted loss-and-grad traces once per new size;
# the model is a linear stand-in.
# verify: c.jax['loss'] >= 8
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


grad_loss = jax.jit(jax.grad(loss))
rng = np.random.default_rng(0)
w = jnp.zeros(3)
for step, batch_size in enumerate([32, 17, 25, 9, 30, 12, 21, 28, 5, 14]):
    x = rng.random((batch_size, 3), dtype=np.float32)
    y = x.sum(axis=1)
    w = w - 0.1 * grad_loss(w, x, y)  # label: ACC5
print(loss(w, x, y))
