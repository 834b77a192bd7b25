# source: https://openillumi.com/?p=109598
# framework: JAX
# The page's question: a jitted function with a boolean static argument, called with the flag
# alternating between True and False - does it recompile on every switch? No: the cache holds
# one executable per static value, so two compilations, then hits. Fine (ten calls, two
# traces).
# label: none
# verify: c.jax['f'] == 2
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=["flag"])
def f(x, flag):
    if flag:
        return x * 2
    return x + 1


x = jnp.arange(4.0)
for i in range(10):
    y = f(x, flag=(i % 2 == 0))
print(f._cache_size())
