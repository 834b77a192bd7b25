# source: https://github.com/ott-jax/ott/issues/3
# `if out.errors[-1] < 1 and out.converged:` on the output of a Sinkhorn solver called in a
# jitted function raises ConcretizationTypeError. Reduced with a small solver of its own (the
# report used ott's `sinkhorn`, a third-party call whose result acclint cannot know).
from typing import NamedTuple

import jax
import jax.numpy as jnp


class SinkhornOutput(NamedTuple):
    f: jax.Array
    errors: jax.Array
    converged: jax.Array
    reg_ot_cost: jax.Array


def sinkhorn(cost, epsilon=0.1, iterations=20):
    kernel = jnp.exp(-cost / epsilon)
    u = jnp.ones_like(cost[:, 0])
    for _ in range(iterations):
        v = 1.0 / (kernel.T @ u)
        u = 1.0 / (kernel @ v)
    errors = jnp.abs(u * (kernel @ v) - 1.0)
    return SinkhornOutput(u, errors, errors[-1] < 1e-3, jnp.sum(u))


@jax.jit
def reg_ot_cost(cost):
    out = sinkhorn(cost)
    if out.errors[-1] < 1 and out.converged:  # expect: ACC201
        return out.reg_ot_cost
    return jnp.nan
