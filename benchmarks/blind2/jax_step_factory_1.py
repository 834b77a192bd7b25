# source: blind56:jax_step_factory_1
# framework: JAX
# `make_train_step` closes over the model config and returns `jax.jit` of a local function.
# The Trainer asks for the step at the start of every epoch (so the config can change between
# epochs): a new jitted callable each epoch, traced again each epoch.
# verify: c.jax['train_step'] >= 8
import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class ModelConfig:
    hidden: int = 4
    weight_decay: float = 1e-4


def make_train_step(cfg: ModelConfig, lr: float):
    def train_step(params, x, y):
        def loss_fn(p):
            pred = jnp.tanh(x @ p["w1"]) @ p["w2"]
            l2 = sum(jnp.sum(v ** 2) for v in p.values())
            return jnp.mean((pred - y) ** 2) + cfg.weight_decay * l2

        grads = jax.grad(loss_fn)(params)
        return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)

    return jax.jit(train_step)


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        k1, k2 = jax.random.split(jax.random.PRNGKey(0))
        self.params = {"w1": jax.random.normal(k1, (2, cfg.hidden)),
                       "w2": jax.random.normal(k2, (cfg.hidden, 1))}

    def fit_epoch(self, data, lr):
        step = make_train_step(self.cfg, lr)  # label[a]
        for x, y in data:
            self.params = step(self.params, x, y)  # label[a]: ACC5


trainer = Trainer(ModelConfig())
data = [(jnp.ones((4, 2)), jnp.zeros((4, 1)))] * 3
for epoch in range(10):
    trainer.fit_epoch(data, lr=0.1 / (1 + epoch))  # label[a]
