# source: blind56:jax_scan_reward_if_1
# framework: JAX
# A rollout is a lax.scan over time; the body calls a reward-shaping helper that clips with a
# Python `if` on the traced reward, which raises when the scan traces its body.
# verify: c.error is not None and e.error is None
import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class EnvConfig:
    clip: float = 1.0
    gamma: float = 0.99


def shape_reward(r, cfg):
    if r > cfg.clip:  # label: ACC2
        return jnp.float32(cfg.clip)
    return r


def make_rollout(cfg):
    def body(carry, r):
        ret = carry * cfg.gamma + shape_reward(r, cfg)
        return ret, ret

    @jax.jit
    def rollout(rewards):
        return jax.lax.scan(body, jnp.float32(0.0), rewards)

    return rollout


error = None
try:
    rollout = make_rollout(EnvConfig())
    final, returns = rollout(jnp.array([0.5, 2.0, 0.1]))
except Exception as exc:
    error = type(exc).__name__
