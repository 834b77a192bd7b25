# source: blind58:acc501_jax_bound_method_5
# framework: JAX
# A policy jits a bound method of a new rollout object on every episode: the bound method of
# each new object is a new callable, so every episode traces the act function again.
# verify: c.jax['act'] >= 8
import jax
import jax.numpy as jnp


class Rollout:
    def __init__(self, weights):
        self.weights = weights

    def act(self, obs):
        return jnp.tanh(obs @ self.weights)


def run_episode(weights, obs):
    rollout = Rollout(weights)
    policy = jax.jit(rollout.act)
    return policy(obs)  # label: ACC501


actions = [run_episode(jnp.eye(3) * k, jnp.ones((3,))) for k in range(10)]
