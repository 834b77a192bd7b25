# source: https://github.com/nissymori/JAX-CORL/pull/59
# framework: JAX
# Label: fine look-alike. The PR makes the training config hashable so it can be a static argument
# of `jax.jit`: a frozen dataclass hashes by its fields, so the jitted update traces once and every
# later step with the same config hits the cache. Checked: 20 steps, one trace, the same losses
# as eager. The config fields and the update are small stand-ins for the repository's.
# label: none
# verify: c.jax['update'] == 1 and close(c.losses, e.losses)
from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class Config:
    lr: float = 0.1
    discount: float = 0.99
    batch_size: int = 8


@partial(jax.jit, static_argnames=("config",))
def update(params, batch, config):
    def loss_fn(p):
        return jnp.mean((batch @ p - config.discount) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(params)
    return params - config.lr * grads, loss


config = Config()
params = jnp.zeros(3)
batch = jnp.ones((config.batch_size, 3))
losses = []
for step in range(20):
    params, loss = update(params, batch, config=config)
    losses.append(loss)
print(losses[-1])
