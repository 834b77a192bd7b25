# source: https://github.com/jax-ml/jax/pull/19129
# framework: JAX
# The examples of the pull request that added `jax_explain_cache_misses`: a first call, a new
# shape, a new kwargs signature (each one further trace of `f`, written out one by one: a
# bounded set), and "redefining function in a loop": `jax.jit(lambda x: 2 * x)` applied anew on
# every pass, a new function each time, so every pass misses the cache. The loop keeps the
# thread's `range(2)`. `np` is NumPy, as the example uses it.
# verify: c.jax['<lambda>'] >= 2 and c.jax['f'] == 3
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def f(x, y):
    return jnp.sin(x) + y['hi']


print('=== EXAMPLE 0: new function ===')
f(1, {'hi': np.arange(3)})

print('=== EXAMPLE 1: new shape ===')
f(1, {'hi': np.arange(4)})

print('=== EXAMPLE 2: new kwargs signature ===')
f(1, y={'hi': np.arange(4)})

print('=== EXAMPLE 3: redefining function in a loop')
for _ in range(2):
    jax.jit(lambda x: 2 * x)(3)  # label: ACC5
