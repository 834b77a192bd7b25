# source: https://github.com/jax-ml/jax/issues/3974
# framework: JAX
# The maintainer's advice: compute constants outside `jit` and close over them. `y` is a
# module-level array read in the trace and never rebound: a constant, not a hidden input. Fine.
# label: none
# verify: close(c.out2, e.out2) and c.jax['jax_fn'] == 1
import jax.numpy as jnp
from jax import jit, random

y = random.randint(random.PRNGKey(0), (100, 100), 0, 100)


@jit
def jax_fn(x):
    y2 = y @ y
    x2 = jnp.sum(y2) * x
    return x2


out1 = jax_fn(1.0)
out2 = jax_fn(2.0)
