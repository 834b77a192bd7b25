# source: https://github.com/jax-ml/jax/issues/691
# framework: JAX
# `random.normal(random.PRNGKey(0), shape=(1,))` twice at top level was slow both times on JAX
# 0.1.25 (a static-argument caching bug, fixed in #692). Today the sampler's jitted body is
# cached on its static shape: the second call reuses it. Fine.
# label: none
# verify: c.jax['_normal'] <= 1
import time

from jax import random

t = time.time()
random.normal(random.PRNGKey(0), shape=(1,))
print(time.time() - t)
t = time.time()
random.normal(random.PRNGKey(0), shape=(1,))
print(time.time() - t)
