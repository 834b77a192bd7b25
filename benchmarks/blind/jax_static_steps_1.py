# source: blind55:jax_static_steps_1
# framework: JAX
# A diffusion-style sampler: the number of denoising iterations is a static argument of the
# jitted step, and the training loop passes the step counter itself, so every step compiles anew.
# verify: c.jax['denoise'] >= 8
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1,))
def denoise(x, n_iters):
    for _ in range(n_iters % 50 + 1):
        x = x - 0.1 * jnp.tanh(x)
    return x


def train(num_steps):
    x = jnp.ones((4, 4))
    for step in range(num_steps):
        x = denoise(x, step)  # label: ACC5
    return x


out = train(10)
