# source: https://github.com/ryan112358/mbi/pull/196
# framework: JAX
# mbi's "Make stddev and lipschitz dynamic pytree leaves to fix precompile() cache misses":
# `LinearMeasurement.stddev` was static pytree aux data, "baked into the treedef and therefore
# into the jax.jit cache key. Two measurements that differ only in noise level produced different
# cache keys and forced a full recompilation". Reduced to a measurement pytree with `stddev` in
# its aux data and a jitted loss evaluated for 10 noise levels in a loop: 10 compiles.
# verify: c.jax['loss'] >= 10
import jax
import jax.numpy as jnp
from jax.tree_util import register_pytree_node_class


@register_pytree_node_class
class LinearMeasurement:
    def __init__(self, noisy_measurement, stddev=1.0):
        self.noisy_measurement = noisy_measurement
        self.stddev = stddev

    def tree_flatten(self):
        return (self.noisy_measurement,), (self.stddev,)

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(children[0], *aux)


@jax.jit
def loss(marginal, measurement):
    return jnp.sum((marginal - measurement.noisy_measurement) ** 2) / measurement.stddev


marginal = jnp.ones(4)
values = []
for stddev in [0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0]:
    measurement = LinearMeasurement(jnp.arange(4.0), stddev=stddev)  # label[g]
    values.append(float(loss(marginal, measurement)))  # label[g]: ACC5
print(values)
