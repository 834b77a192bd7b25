# source: blind55:jax_partial_in_loop_2
# framework: JAX
# The per-epoch loss is built as functools.partial(loss, cfg) and jitted inside the epoch loop:
# every epoch wraps a new partial object, so every epoch compiles.
# verify: c.jax['loss'] >= 8
from functools import partial

import jax
import jax.numpy as jnp


def loss(cfg, w, x):
    return jnp.mean((x @ w) ** 2) * cfg["scale"]


def run(epochs):
    cfg = {"scale": 1.0}
    w = jnp.ones((3,))
    out = []
    for epoch in range(epochs):
        step_loss = jax.jit(partial(loss, cfg))  # label[a]
        out.append(float(step_loss(w, jnp.ones((2, 3)))))  # label[a]: ACC5
    return out


values = run(10)
