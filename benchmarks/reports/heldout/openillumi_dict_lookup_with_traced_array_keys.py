# source: https://openillumi.com/?p=112234
# framework: JAX
# "Mastering Dictionary Indexing with Array Keys in a JIT Environment": an interpolation routine
# stores function values at fitting points in a dict keyed by the points (converted to tuples);
# under `jax.jit` the lookup key is built from traced values, which "lose their ability to be
# hashed", and the routine fails with a ConcretizationTypeError. The user's routine is described,
# not listed: reduced to a table keyed by tuples of grid points and a jitted lookup that builds
# the key from its argument. The eager run (disable_jit) looks the value up.
# verify: c.raised and not e.raised
import jax
import jax.numpy as jnp

grid = [(0.0, 0.0), (0.0, 1.0), (1.0, 0.0), (1.0, 1.0)]
table = {point: float(sum(point)) for point in grid}


@jax.jit
def lookup(point):
    key = tuple(float(v) for v in point)  # label: ACC3
    return table[key]


try:
    value = lookup(jnp.array([1.0, 0.0]))
    raised = False
except (jax.errors.ConcretizationTypeError, TypeError):
    raised = True
print(raised)
