# source: blind58:acc604_jax_fine_value_hash_1
# framework: JAX
# label: none
# The options passed as a static argument are a frozen dataclass, hashed and compared by
# value; the sweep makes a new options object per gamma, so each gamma is its own trace.
# verify: close(c.outs, e.outs) and c.jax['focal'] == 4
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class FocalOptions:
    gamma: float


@partial(jax.jit, static_argnums=(1,))
def focal(p, opts):
    return -((1 - p) ** opts.gamma) * jnp.log(p)


def sweep(gammas, p):
    outs = []
    for g in gammas:
        opts = dataclasses.replace(FocalOptions(0.0), gamma=g)
        outs.append(focal(p, opts))
    return outs


outs = sweep([0.0, 1.0, 2.0, 5.0], jnp.float32(0.3))
