# source: blind55:jax_static_frozen_fine_2
# framework: JAX
# label: none
# The options rebuilt every step as a frozen dataclass: hashed and compared by value, so the
# equal options of every step hit the first compile.
# verify: c.jax['forward'] == 1
from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class Options:
    act: str
    depth: int


@partial(jax.jit, static_argnums=(1,))
def forward(x, opts):
    for _ in range(opts.depth):
        x = jnp.tanh(x) if opts.act == "tanh" else jax.nn.relu(x)
    return x


settings = {"act": "tanh", "depth": 2}
x = jnp.ones((3,))
for step in range(10):
    x = forward(x, Options(**settings))
