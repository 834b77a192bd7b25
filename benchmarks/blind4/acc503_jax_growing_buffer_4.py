# source: blind58:acc503_jax_growing_buffer_4
# framework: JAX
# A replay buffer kept as an array grows by one transition per environment step, and the
# jitted loss is computed over the whole buffer: a new length, so a new trace, every step.
# verify: c.jax['td_loss'] >= 8
import jax
import jax.numpy as jnp


@jax.jit
def td_loss(rewards):
    return jnp.mean(rewards ** 2)


class Buffer:
    def __init__(self):
        self.rewards = jnp.zeros((0,))

    def add(self, r):
        self.rewards = jnp.append(self.rewards, r)


def learn(buffer, env_steps):
    losses = []
    for t in range(env_steps):
        buffer.add(float(t))
        losses.append(td_loss(buffer.rewards))  # label: ACC503
    return losses


losses = learn(Buffer(), 10)
