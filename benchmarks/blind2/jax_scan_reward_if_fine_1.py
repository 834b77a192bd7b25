# source: blind56:jax_scan_reward_if_fine_1
# framework: JAX
# label: none
# The same rollout, but the helper's `if` tests the config (a Python bool fixed at trace
# time) and clips the traced reward with jnp.minimum.
# verify: c.error is None and close(c.returns, e.returns)
import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class EnvConfig:
    clip: float = 1.0
    use_clip: bool = True
    gamma: float = 0.99


def shape_reward(r, cfg):
    if cfg.use_clip:
        return jnp.minimum(r, cfg.clip)
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
returns = None
try:
    rollout = make_rollout(EnvConfig())
    final, returns = rollout(jnp.array([0.5, 2.0, 0.1]))
except Exception as exc:
    error = type(exc).__name__
