# source: blind57:jax_rejit_closure_batch_2
# framework: JAX
# A Trainer builds its update with `functools.partial(update, cfg=...)` and jits it inside
# `step`, so every step makes a new partial object and jit traces again.
# verify: c.jax['update'] >= 8
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class OptConfig:
    lr: float = 0.1


def update(params, x, cfg):
    grads = jax.grad(lambda p: jnp.mean((x @ p) ** 2))(params)
    return params - cfg.lr * grads


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg

    def step(self, params, x):
        step_fn = jax.jit(functools.partial(update, cfg=self.cfg))  # label[a]
        return step_fn(params, x)  # label[a]: ACC5


def fit(trainer, params, steps=10):
    x = jnp.ones((3, 2))
    for _ in range(steps):
        params = trainer.step(params, x)  # label[a]
    return params


params = fit(Trainer(OptConfig()), jnp.ones(2))
