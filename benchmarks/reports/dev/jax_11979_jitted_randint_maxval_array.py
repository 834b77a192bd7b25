# source: https://github.com/jax-ml/jax/issues/11979
# framework: JAX
# "BUG: Jitted function produces wrong results": `jax.random.randint(key, (n,), zeros, maxval)`
# with `maxval = x[ones] - 1`, an array of ones, gave zeros eagerly and a mixture of zeros and
# ones under `jax.jit` on jax 0.3.16 (an XLA bug, fixed). The key is an argument, so the draw is
# not frozen; the jitted and the eager result agree. Fine. The reporter's code.
# label: none
# verify: close(c.y2, e.y2) and close(c.y1, c.y2)
import jax
import jax.numpy as jnp
import jax.random


def myfun(x, key):
    n = 20
    zeros = jnp.full((n,), 0)
    ones = jnp.full((n,), 1)
    maxval = x[ones] - 1
    return jax.random.randint(key, (n,), zeros, maxval)


key = jax.random.PRNGKey(1)
x = jnp.array([0, 2])
y1 = myfun(x, key)
y2 = jax.jit(myfun)(x, key)
print(y1)
print(y2)
