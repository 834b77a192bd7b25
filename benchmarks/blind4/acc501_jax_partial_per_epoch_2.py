# source: blind58:acc501_jax_partial_per_epoch_2
# framework: JAX
# Each epoch binds its learning rate with functools.partial and jits the result: a new partial
# object is a new cache key (the callable), so the step is traced again every epoch.
# verify: c.jax['sgd_update'] >= 8
import functools

import jax
import jax.numpy as jnp


def sgd_update(params, grads, lr):
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


class Trainer:
    def __init__(self, params):
        self.params = params

    def epoch(self, lr):
        update = jax.jit(functools.partial(sgd_update, lr=lr))
        grads = jax.tree_util.tree_map(jnp.ones_like, self.params)
        self.params = update(self.params, grads)  # label: ACC501


trainer = Trainer({"w": jnp.zeros((2, 2)), "b": jnp.zeros((2,))})
lr = 0.1
while lr > 0.01:
    trainer.epoch(lr)
    lr *= 0.8
