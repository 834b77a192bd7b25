# source: https://github.com/keras-team/keras/issues/18689
# framework: JAX
# A custom JAX training loop for a Keras 3 model: `@partial(jax.jit, static_argnames=['epoch'])`
# on `train_step(state, data, epoch)`, because the loss adds `rw_schedule(epoch) *
# model.regularization()`. Every epoch passes a new static `epoch`, so every epoch compiles the
# step again. Reduced: the Keras model's stateless call replaced by a linear model on plain
# arrays, the schedule and the static epoch as in the report; twelve epochs of two batches.
# verify: c.jax['train_step'] >= 8
from functools import partial

import jax
import jax.numpy as jnp


def rw_schedule(epoch):
    return 0.1 * 0.9 ** epoch


def compute_loss_and_updates(params, x, t, epoch):
    reg = rw_schedule(epoch) * jnp.sum(params ** 2)
    preds = x @ params
    return jnp.mean((preds - t) ** 2) + reg


grad_fn = jax.value_and_grad(compute_loss_and_updates)


@partial(jax.jit, static_argnames=["epoch"])
def train_step(state, data, epoch):
    x, t = data
    loss, grads = grad_fn(state, x, t, epoch)
    return state - 0.1 * grads, loss


state = jnp.zeros(3)
data = (jnp.ones((4, 3)), jnp.ones(4))
for epoch in range(12):
    for _ in range(2):
        state, loss = train_step(state, data, epoch=epoch)  # label: ACC5
print(float(loss))
