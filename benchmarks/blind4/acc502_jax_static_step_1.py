# source: blind58:acc502_jax_static_step_1
# framework: JAX
# The warm-up step count is a static argument (it is compared in Python), and the training
# loop passes its own step counter: every step is a new static value, so a new trace.
# verify: c.jax['warmup_update'] >= 8
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(2,))
def warmup_update(w, g, step):
    scale = min(1.0, (step + 1) / 50)
    return w - 0.1 * scale * g


def train(w, n):
    step = 0
    while step < n:
        w = warmup_update(w, jnp.ones_like(w), step)  # label: ACC502
        step += 1
    return w


w_final = train(jnp.zeros((3,)), 12)
