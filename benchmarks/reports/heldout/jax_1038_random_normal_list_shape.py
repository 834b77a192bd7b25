# source: https://github.com/jax-ml/jax/issues/1038
# framework: JAX
# `random.normal(key, [batch_size, D])` with the shape as a new list on every call was 1000x
# slower in 2019: the list, unhashable, was hashed by identity and every call recompiled.
# Today the shape is made a tuple before the cache: one compile for ten calls. Fine today.
# (Ten calls in a loop; the report timed them with %timeit.)
# label: none
# verify: c.jax['_normal'] <= 2
from jax import random

key = random.PRNGKey(0)
batch_size, D = 4, 3
for _ in range(10):
    x = random.normal(key, [batch_size, D])
