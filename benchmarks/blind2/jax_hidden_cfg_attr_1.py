# source: blind56:jax_hidden_cfg_attr_1
# framework: JAX
# The agent's jitted `act` closes over `self` and reads the exploration noise from its config
# object. An epoch-end callback lowers `cfg.noise` after the first epoch, but the trace made
# on the first call keeps the first value.
# verify: not close(c.actions, e.actions)
import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class AgentConfig:
    noise: float = 0.5
    decay: float = 0.5


class Agent:
    def __init__(self, cfg):
        self.cfg = cfg
        self.w = jnp.ones((3, 2))
        self.act = jax.jit(self._act)

    def _act(self, obs, eps):
        return obs @ self.w + self.cfg.noise * eps  # label[a]: ACC6


class NoiseDecay:
    def on_epoch_end(self, agent, epoch):
        agent.cfg.noise = agent.cfg.noise * agent.cfg.decay  # label[a]


def run(agent, callbacks, epochs=3):
    actions = []
    for epoch in range(epochs):
        actions.append(agent.act(jnp.ones(3), jnp.ones(2)))
        for cb in callbacks:
            cb.on_epoch_end(agent, epoch)
    return actions


actions = run(Agent(AgentConfig()), [NoiseDecay()])
