# source: blind58:acc502_jax_unhashable_static_4
# framework: JAX
# The layer widths are a static argument, and the caller builds them as a list from its
# config: a list cannot be hashed, so the jitted call raises instead of compiling.
# verify: c.err is not None and 'hash' in c.err and e.err is None
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("widths",))
def mlp(x, widths):
    for w in widths:
        x = jnp.tanh(x[..., :w])
    return x


def forward(config, x):
    widths = [config["hidden"], config["out"]]
    return mlp(x, widths=widths)  # label: ACC502


err = None
try:
    y = forward({"hidden": 4, "out": 2}, jnp.ones((3, 6)))
except (TypeError, ValueError) as exc:
    err = str(exc)
