# source: https://github.com/OpenSourceEconomics/dcegm/pull/76
# framework: JAX
# "Save jax arrays to disc inside jitted function": the backward induction saves each period's
# arrays from inside the jitted loop with `jax.experimental.io_callback`, since a plain
# `np.save` would run once at trace time (or fail on a tracer). `io_callback` is staged: the
# host function runs on every call with the concrete values. Fine. Reduced: one period function
# that saves its policy array through io_callback, called for three periods.
# label: none
# verify: c.saved == e.saved and len(c.saved) == 3
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

saved = []


def save_to_disc(period, policy):
    saved.append((int(period), float(np.sum(policy))))
    return np.int32(0)


@jax.jit
def solve_period(period, endog_grid):
    policy = endog_grid * (period + 1.0)
    io_callback(save_to_disc, jax.ShapeDtypeStruct((), jnp.int32), period, policy)
    return policy


grid = jnp.linspace(0.0, 1.0, 5)
for period in range(3):
    solve_period(period, grid)
saved = sorted(saved)
