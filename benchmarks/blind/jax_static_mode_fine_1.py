# source: blind55:jax_static_mode_fine_1
# framework: JAX
# label: none
# The static argument is a train/eval flag: two values over the whole loop, two compiles.
# verify: c.jax['forward'] <= 2
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames="train")
def forward(params, x, train):
    h = x @ params
    if train:
        h = h * 0.9
    return jnp.sum(h)


params = jnp.ones((3, 2))
losses = []
for step in range(20):
    is_train = step % 5 != 0
    losses.append(float(forward(params, jnp.ones((4, 3)) * step, train=is_train)))
