# source: https://openillumi.com/en/en-jax-jit-list-static-arg-best-practice
# framework: JAX
# "JAX JIT with static arguments": passing a list through `static_argnames` raises "Non-hashable
# static arguments are not supported", while binding it with `functools.partial` "appears to bypass
# this error" but "can lead to stale results because the JIT cache is not updated when the
# underlying data changes"; the advice is to pass a tuple as a static argument. The page's
# `dummy` function is not reproduced in the stored text: reduced to a function that sums its input
# times the list's entries, jitted through a partial binding of the list, the list changed in
# place, the function called again.
# verify: not close(c.after, e.after) and close(c.before, e.before)
from functools import partial

import jax
import jax.numpy as jnp


def dummy(weights, x):
    total = 0.0
    for w in weights:
        total = total + w * x
    return total


weights = [1.0, 2.0, 3.0]
f = jax.jit(partial(dummy, weights))
x = jnp.ones(3)
before = f(x)
weights[0] = 10.0  # label[a]
after = f(x)  # label[a]: ACC6
print(before, after)
