# source: https://github.com/patrick-kidger/equinox/issues/1110
# framework: JAX
# "Retracing with model surgery": after `eqx.tree_at` swaps an array of the same shape and dtype
# into the module, `assert_max_traces(max_traces=1)` fails on the second call. The decorator is
# applied outside `filter_jit`, so it counts Python calls, not traces: the jitted function is
# traced once (the static int field did not change). A fine look-alike; the report's code, the
# assertion's error caught.
# label: none
# verify: c.jax['some_fn'] == 1 and c.error is not None and "traced" in c.error
import equinox as eqx
import jax
import jax.numpy as jnp


class MockGE(eqx.Module):
    """A mock class"""
    num_iterations: int
    a: jax.Array

    def calc(self, x):
        return x * jnp.sum(self.a) + self.num_iterations


ge = MockGE(num_iterations=10, a=jnp.array([1.0, 2.0, 3.0]))


@eqx.debug.assert_max_traces(max_traces=1)
@eqx.filter_jit
def some_fn(x, ge):
    return ge.calc(x)


x = jnp.array([1.0, 2.0, 3.0])
error = None
try:
    print(some_fn(x, ge))
    ge = eqx.tree_at(lambda x: x.a, ge, jnp.array([4.0, 5.0, 6.0]))
    print(some_fn(x, ge))
except Exception as exc:  # noqa: BLE001 - the assertion's error, checked below
    error = f"{type(exc).__name__}: {exc}"
print(error)
