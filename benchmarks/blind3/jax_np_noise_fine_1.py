# source: blind57:jax_np_noise_fine_1
# framework: JAX
# label: none
# The same policy draws its noise with `jax.random.normal` from a key the rollout splits per
# step, so each action gets fresh noise.
# verify: len({round(float(a[0]), 5) for a in c.actions}) == 8
import jax
import jax.numpy as jnp


def add_exploration(action, scale, key):
    return action + scale * jax.random.normal(key, action.shape)


class Policy:
    def __init__(self, cfg):
        self.cfg = cfg
        self.act = jax.jit(self._act)

    def _act(self, params, obs, key):
        return add_exploration(jnp.tanh(obs @ params), self.cfg["noise"], key)


def rollout(policy, params, steps=8):
    obs = jnp.ones((1, 2))
    key = jax.random.PRNGKey(0)
    actions = []
    for _ in range(steps):
        key, sub = jax.random.split(key)
        actions.append(policy.act(params, obs, sub)[0])
    return actions


actions = rollout(Policy({"noise": 0.1}), jnp.ones((2, 1)))
