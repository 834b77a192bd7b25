# source: blind55:jax_attr_hidden_1
# framework: JAX
# The policy jits its bound method once in __init__; `act` reads self.temperature, which the
# exploration schedule lowers after the first episode. The compiled trace keeps the first value.
# verify: not close(c.actions, e.actions)
import jax
import jax.numpy as jnp


class Policy:
    def __init__(self):
        self.temperature = 1.0
        self._act = jax.jit(self.act)

    def act(self, logits):
        return jax.nn.softmax(logits / self.temperature)  # label[a]: ACC6

    def anneal(self):
        self.temperature *= 0.5  # label[a]


policy = Policy()
logits = jnp.array([1.0, 2.0, 3.0])
actions = []
for episode in range(4):
    actions.append(policy._act(logits))
    policy.anneal()
