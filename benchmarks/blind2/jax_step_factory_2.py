# source: blind56:jax_step_factory_2
# framework: JAX
# The per-batch helper defines its jitted kernel inside itself (a decorated local function with
# a static argument), so every call of the helper makes a new jitted callable and traces it.
# verify: c.jax['inner'] >= 8
import functools

import jax
import jax.numpy as jnp


class Normalizer:
    def __init__(self, eps=1e-5):
        self.eps = eps

    def apply(self, params, batch, n_groups):
        @functools.partial(jax.jit, static_argnums=(2,))
        def inner(p, x, groups):
            xs = x.reshape(groups, -1)
            xs = (xs - xs.mean(axis=1, keepdims=True)) / (xs.std(axis=1, keepdims=True) + self.eps)
            return xs.reshape(x.shape) * p["gamma"]

        return inner(params, batch, n_groups)  # label[a]: ACC5


def data_loader(n_batches):
    for i in range(n_batches):
        yield jnp.arange(8.0) + i


def evaluate(normalizer, params, loader):
    outs = []
    for batch in loader:
        outs.append(normalizer.apply(params, batch, 2))  # label[a]
    return outs


results = evaluate(Normalizer(), {"gamma": jnp.float32(2.0)}, data_loader(10))
