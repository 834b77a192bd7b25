# source: blind56:jax_step_factory_fine_1
# framework: JAX
# label: none
# The same factory as a careless reading would flag, but memoised: `make_train_step` is
# wrapped in functools.lru_cache and keyed by a frozen (hashable) config, so every epoch gets
# the jitted callable of the first one back. One trace.
# verify: c.jax['train_step'] == 1
import dataclasses
import functools

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class ModelConfig:
    hidden: int = 4
    lr: float = 0.1


@functools.lru_cache(maxsize=None)
def make_train_step(cfg: ModelConfig):
    def train_step(params, x, y):
        def loss_fn(p):
            return jnp.mean((jnp.tanh(x @ p["w1"]) @ p["w2"] - y) ** 2)

        grads = jax.grad(loss_fn)(params)
        return jax.tree_util.tree_map(lambda p, g: p - cfg.lr * g, params, grads)

    return jax.jit(train_step)


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        k1, k2 = jax.random.split(jax.random.PRNGKey(0))
        self.params = {"w1": jax.random.normal(k1, (2, cfg.hidden)),
                       "w2": jax.random.normal(k2, (cfg.hidden, 1))}

    def fit_epoch(self, data):
        step = make_train_step(self.cfg)
        for x, y in data:
            self.params = step(self.params, x, y)


trainer = Trainer(ModelConfig())
data = [(jnp.ones((4, 2)), jnp.zeros((4, 1)))] * 3
for epoch in range(10):
    trainer.fit_epoch(data)
