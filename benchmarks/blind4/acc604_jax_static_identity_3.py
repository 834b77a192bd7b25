# source: blind58:acc604_jax_static_identity_3
# framework: JAX
# A plain options object is passed as a static argument: it hashes by identity, so the cache
# key stays the same when the caller changes its `gamma` attribute between calls.
# verify: not close(c.outs, e.outs)
from functools import partial

import jax
import jax.numpy as jnp


class FocalOptions:
    def __init__(self, gamma):
        self.gamma = gamma


@partial(jax.jit, static_argnums=(1,))
def focal(p, opts):
    return -((1 - p) ** opts.gamma) * jnp.log(p)  # label[a]: ACC604


def sweep(opts, gammas, p):
    outs = []
    for g in gammas:
        opts.gamma = g  # label[a]
        outs.append(focal(p, opts))
    return outs


outs = sweep(FocalOptions(0.0), [0.0, 1.0, 2.0, 5.0], jnp.float32(0.3))
