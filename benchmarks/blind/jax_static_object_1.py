# source: blind55:jax_static_object_1
# framework: JAX
# The model options are a plain class instance passed as a static argument and rebuilt in every
# step from the settings dict: a plain object hashes by identity, so every step is a cache miss.
# verify: c.jax['forward'] >= 8
from functools import partial

import jax
import jax.numpy as jnp


class Options:
    def __init__(self, act, depth):
        self.act = act
        self.depth = depth


@partial(jax.jit, static_argnums=(1,))
def forward(x, opts):
    for _ in range(opts.depth):
        x = jnp.tanh(x) if opts.act == "tanh" else jax.nn.relu(x)
    return x


settings = {"act": "tanh", "depth": 2}
x = jnp.ones((3,))
for step in range(10):
    x = forward(x, Options(**settings))  # label: ACC5
