# source: blind58:acc602_jax_shared_dict_update_4
# framework: JAX
# A callback object keeps a reference to the module-level config dict under its own name and
# updates it (dict.update) each epoch; the jitted step read the dict when it was traced.
# verify: not close(c.params, e.params)
import jax
import jax.numpy as jnp

CONFIG = {"weight_decay": 0.0}


@jax.jit
def step(params, grads):
    return params - 0.1 * (grads + CONFIG["weight_decay"] * params)  # label[a]: ACC602


class DecayWarmup:
    def __init__(self, config):
        self.config = config

    def on_epoch_end(self, epoch):
        self.config.update(weight_decay=0.5 * epoch)  # label[a]


def fit(epochs):
    params, callback = jnp.ones(3), DecayWarmup(CONFIG)
    for epoch in range(epochs):
        params = step(params, jnp.zeros(3))
        callback.on_epoch_end(epoch + 1)
    return params


params = fit(4)
