# source: blind57:jax_hidden_linen_cfg_1
# framework: JAX
# A linen block's `__call__` reads its residual scale from a module-level config dataclass
# instance; the Trainer builds `jax.jit(model.apply)` once, and a warm-start helper later sets
# the config's scale. The jitted apply keeps the scale it was traced with.
# verify: not close(c.result, e.result)
from dataclasses import dataclass

import flax.linen as nn
import jax
import jax.numpy as jnp


@dataclass
class ModelConfig:
    residual_scale: float = 1.0


CFG = ModelConfig()


class Block(nn.Module):
    @nn.compact
    def __call__(self, x):
        return x * CFG.residual_scale + nn.Dense(2)(x)  # label[a]: ACC6


class Trainer:
    def __init__(self):
        self.model = Block()
        self.params = self.model.init(jax.random.PRNGKey(0), jnp.ones((1, 2)))
        self.apply = jax.jit(self.model.apply)

    def predict(self, x):
        return self.apply(self.params, x)


def warm_start(cfg):
    cfg.residual_scale = 0.1  # label[a]


def main():
    trainer = Trainer()
    x = jnp.ones((1, 2))
    trainer.predict(x)
    warm_start(CFG)
    return trainer.predict(x)


result = main()
