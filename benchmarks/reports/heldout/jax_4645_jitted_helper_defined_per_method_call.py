# source: https://github.com/jax-ml/jax/issues/4645
# framework: JAX
# The user's second version of `take_action`: the jitted `_take_action` is defined inside the
# method, so every call makes a new jitted function with an empty cache and compiles it again
# (hence the speed-up when it is factored out). The stax network is a dense layer; the
# agent acts ten times.
# verify: c.jax['_take_action'] >= 8
import jax.numpy as jnp
from jax import jit
from jax.nn import softmax


class Agent:
    def __init__(self):
        self.params = (jnp.ones((4, 3)), jnp.zeros(3))

    def net_apply(self, params, obs):
        w, b = params
        return obs @ w + b

    def take_action(self, obs):
        @jit
        def _take_action(params, obs):
            logits = self.net_apply(params, obs)
            softm_logits = softmax(logits.flatten())
            sorted_logits = jnp.sort(softm_logits)
            conf = sorted_logits[-1] - sorted_logits[-2]
            action = jnp.argmax(logits)
            return logits, action, conf

        return _take_action(self.params, obs)


agent = Agent()
for step in range(10):
    agent.take_action(jnp.full((4,), float(step)))  # label: ACC5
