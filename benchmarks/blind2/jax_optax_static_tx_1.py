# source: blind56:jax_optax_static_tx_1
# framework: JAX
# A Trainer jits its update with the optimizer as a static argument, and a helper builds the
# optax transformation from the config on every step (so a learning rate can be swept). Each
# `optax.adam(...)` is a new object of new closures: a new cache key, one trace per step.
# verify: c.jax['update'] >= 8
import dataclasses
import functools

import jax
import jax.numpy as jnp
import optax


@dataclasses.dataclass
class OptimConfig:
    lr: float = 1e-2
    b1: float = 0.9


def build_optimizer(cfg: OptimConfig):
    return optax.adam(cfg.lr, b1=cfg.b1)


@functools.partial(jax.jit, static_argnums=(3,))
def update(params, opt_state, batch, tx):
    def loss_fn(p):
        return jnp.mean((batch["x"] @ p["w"] - batch["y"]) ** 2)

    grads = jax.grad(loss_fn)(params)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state


class Trainer:
    def __init__(self, cfg: OptimConfig):
        self.cfg = cfg
        self.params = {"w": jnp.zeros((3, 1))}
        self.opt_state = build_optimizer(cfg).init(self.params)

    def train_step(self, batch):
        tx = build_optimizer(self.cfg)  # label[a]
        self.params, self.opt_state = update(self.params, self.opt_state, batch, tx)  # label[a]: ACC5


def batches(n):
    key = jax.random.PRNGKey(0)
    for _ in range(n):
        key, sub = jax.random.split(key)
        x = jax.random.normal(sub, (8, 3))
        yield {"x": x, "y": x.sum(axis=1, keepdims=True)}


trainer = Trainer(OptimConfig())
for batch in batches(10):
    trainer.train_step(batch)  # label[a]
