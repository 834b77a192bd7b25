# source: blind56:jax_optax_static_tx_fine_1
# framework: JAX
# label: none
# The optimizer is a static argument of the jitted update, but the Trainer builds it once in
# __init__ and passes the same object on every step: one trace. The learning rate decays
# through an optax schedule inside the optimizer state, not through a new object.
# verify: c.jax['update'] == 1
import dataclasses
import functools

import jax
import jax.numpy as jnp
import optax


@dataclasses.dataclass
class OptimConfig:
    lr: float = 1e-2
    decay_steps: int = 100


def build_optimizer(cfg: OptimConfig):
    schedule = optax.cosine_decay_schedule(cfg.lr, cfg.decay_steps)
    return optax.adam(schedule)


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
        self.tx = build_optimizer(cfg)
        self.params = {"w": jnp.zeros((3, 1))}
        self.opt_state = self.tx.init(self.params)

    def train_step(self, batch):
        self.params, self.opt_state = update(self.params, self.opt_state, batch, self.tx)


def batches(n):
    key = jax.random.PRNGKey(0)
    for _ in range(n):
        key, sub = jax.random.split(key)
        x = jax.random.normal(sub, (8, 3))
        yield {"x": x, "y": x.sum(axis=1, keepdims=True)}


trainer = Trainer(OptimConfig())
for batch in batches(10):
    trainer.train_step(batch)
