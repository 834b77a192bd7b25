# source: https://github.com/google/flax/issues/4329
# framework: JAX
# The user saw `nnx.jit` recompile for every new Module instance; the maintainer's script shows
# it does not: two `nnx.Linear` of the same shapes share one trace (the key is the graph
# definition and the state's shapes, not the instance). Fine. The maintainer counted traces
# with a global counter inside the function; the compile log counts them here instead.
# label: none
# verify: c.jax['forward'] == 1 and close(c.y2, e.y2)
import jax
from flax import nnx

rngs = nnx.Rngs(0)
m1 = nnx.Linear(2, 3, rngs=rngs)
m2 = nnx.Linear(2, 3, rngs=rngs)


@nnx.jit
def forward(m, x):
    return m(x)


x1 = jax.random.uniform(rngs(), (5, 2))
x2 = jax.random.uniform(rngs(), (5, 2))

y1 = forward(m1, x1)
y2 = forward(m2, x2)
