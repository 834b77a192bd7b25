# source: blind58:acc502_jax_fine_bounded_flag_1
# framework: JAX
# label: none
# The `training` flag is static and alternates between train and eval passes: two values,
# two traces, however many epochs run.
# verify: 1 <= c.jax['forward'] <= 2
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("training",))
def forward(w, x, training):
    y = x @ w
    return y * 0.5 if training else y


def run(epochs):
    w = jnp.ones((3, 2))
    outs = []
    for epoch in range(epochs):
        for training in (True, False):
            outs.append(forward(w, jnp.ones((4, 3)) * epoch, training=training))
    return outs


outs = run(12)
