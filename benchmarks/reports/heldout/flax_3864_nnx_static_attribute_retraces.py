# source: https://github.com/google/flax/pull/3864
# framework: JAX
# "[nnx] add Module pytree static test": the test checks "that `jax.jit` retraces on static
# changes": `C(1)` and `C(2)` are NNX modules whose int attribute is static pytree metadata, so
# a jitted function of them compiles once per value and reads the right one; calling again
# with `c` reuses its trace. Fine. The test's classes with the jitted function returning the
# attribute it printed.
# label: none
# verify: c.jax['f'] == 2 and c.results == [1.0, 2.0, 1.0]
import jax
import jax.numpy as jnp
from flax import nnx


class C(nnx.Module):
    def __init__(self, x):
        self.x = x


c = C(1)
d = C(2)


@jax.jit
def f(x):
    print(x.x)
    return jnp.float32(x.x)


results = [float(f(c)), float(f(d)), float(f(c))]
print(results)
