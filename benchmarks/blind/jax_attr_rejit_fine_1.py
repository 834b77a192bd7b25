# source: blind55:jax_attr_rejit_fine_1
# framework: JAX
# label: none
# The policy re-jits its step after changing the temperature (a new bound method, a new cache):
# called once per episode of 4, so the compiles are few and each sees the current value.
# verify: close(c.actions, e.actions)
import jax
import jax.numpy as jnp


class Policy:
    def __init__(self):
        self.set_temperature(1.0)

    def set_temperature(self, t):
        self.temperature = t
        self._act = jax.jit(self.act)

    def act(self, logits):
        return jax.nn.softmax(logits / self.temperature)


policy = Policy()
logits = jnp.array([1.0, 2.0, 3.0])
actions = []
for t in (1.0, 0.5, 0.25):
    policy.set_temperature(t)
    actions.append(policy._act(logits))
