# source: blind57:jax_np_noise_1
# framework: JAX
# An exploration policy adds Gaussian noise drawn with NumPy inside a helper that the jitted
# `act` calls; the draw happens once, at trace time, so every action gets the same noise.
# verify: len({round(float(a[0]), 5) for a in c.actions}) == 1
import jax
import jax.numpy as jnp
import numpy as np


def add_exploration(action, scale):
    return action + scale * np.random.normal(size=action.shape)  # label: ACC1


class Policy:
    def __init__(self, cfg):
        self.cfg = cfg
        self.act = jax.jit(self._act)

    def _act(self, params, obs):
        return add_exploration(jnp.tanh(obs @ params), self.cfg["noise"])


def rollout(policy, params, steps=8):
    obs = jnp.ones((1, 2))
    return [policy.act(params, obs)[0] for _ in range(steps)]


np.random.seed(0)
actions = rollout(Policy({"noise": 0.1}), jnp.ones((2, 1)))
