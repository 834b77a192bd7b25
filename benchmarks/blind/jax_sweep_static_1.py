# source: blind55:jax_sweep_static_1
# framework: JAX
# A hyperparameter sweep passes the weight decay as a static argument of the jitted update, so
# every sweep value compiles a new update (it would be one compile as a traced argument).
# verify: c.jax['update'] >= 8
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@partial(jax.jit, static_argnames=("wd",))
def update(w, g, wd):
    return w - 0.1 * (g + wd * w)


results = {}
for wd in np.linspace(0.0, 0.1, 10):
    w = jnp.ones((3,))
    for _ in range(3):
        w = update(w, jnp.ones((3,)), wd=float(wd))  # label: ACC5
    results[float(wd)] = w
