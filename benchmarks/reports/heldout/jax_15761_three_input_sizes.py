# source: https://github.com/jax-ml/jax/issues/15761
# framework: JAX
# A jitted function timed on index arrays of sizes 5, 8, 10, 10, 10: it compiles once per new
# shape (three times) and the last two calls reuse the cache; the user asked why "an arbitrary
# number of runs" compile. Three shapes from a literal list: bounded. Fine.
# label: none
# verify: c.jax['some_func'] == 3
import time

import jax
import jax.numpy as jnp


@jax.jit
def some_func(vec, indices):
    out = jnp.zeros(len(indices))
    for idx, j in enumerate(indices):
        out_j = vec[j]
        out = out.at[idx].set(out_j)
    return out


timings = []
x = jnp.ones(20)
for n_indices in [5, 8, 10, 10, 10]:
    li = jnp.arange(n_indices)
    start = time.perf_counter()
    some_func(x, li)
    end = time.perf_counter()
    timings.append(end - start)
