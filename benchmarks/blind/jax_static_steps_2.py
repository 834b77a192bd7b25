# source: blind55:jax_static_steps_2
# framework: JAX
# A curriculum: the unroll length of a recurrent rollout grows with the epoch and is a static
# argument name of the jitted method, so each epoch compiles the rollout again.
# verify: c.jax['rollout'] >= 8
from functools import partial

import jax
import jax.numpy as jnp


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.w = jnp.eye(3) * 0.5

    @partial(jax.jit, static_argnames=("self", "horizon"))
    def rollout(self, h, horizon):
        for _ in range(horizon):
            h = jnp.tanh(h @ self.w)
        return h

    def fit(self):
        h = jnp.ones((3,))
        for epoch in range(self.cfg["epochs"]):
            horizon = self.cfg["base_horizon"] + epoch
            h = self.rollout(h, horizon=horizon)  # label: ACC5
        return h


trainer = Trainer({"epochs": 10, "base_horizon": 2})
out = trainer.fit()
