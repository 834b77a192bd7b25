# source: blind58:acc604_jax_static_self_4
# framework: JAX
# A method jitted with `self` static (static_argnums=0): self hashes by identity, and a
# helper that receives the agent rebinds `agent.epsilon` after the first call. The trace keeps
# the first epsilon.
# verify: not close(c.outs, e.outs)
from functools import partial

import jax
import jax.numpy as jnp


class Agent:
    def __init__(self):
        self.epsilon = 1.0

    @partial(jax.jit, static_argnums=0)
    def explore(self, q):
        return (1 - self.epsilon) * q + self.epsilon * jnp.mean(q)  # label[a]: ACC604


def decay(agent, rate):
    agent.epsilon *= rate  # label[a]


agent = Agent()
outs = []
step = 0
while step < 4:
    outs.append(agent.explore(jnp.array([1.0, 3.0])))
    decay(agent, 0.5)
    step += 1
