# source: blind55:jax_static_config_fine_2
# framework: JAX
# label: none
# The static argument comes from a frozen config that is built once before the loop: one compile.
# verify: c.jax['apply_layers'] == 1
from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class Config:
    depth: int = 3
    width: int = 8


@partial(jax.jit, static_argnums=(2,))
def apply_layers(w, x, cfg):
    for _ in range(cfg.depth):
        x = jnp.tanh(x @ w)
    return x


def main():
    cfg = Config()
    w = jnp.eye(cfg.width) * 0.3
    x = jnp.ones((2, cfg.width))
    for step in range(12):
        x = apply_layers(w, x + step, cfg)
    return x


out = main()
