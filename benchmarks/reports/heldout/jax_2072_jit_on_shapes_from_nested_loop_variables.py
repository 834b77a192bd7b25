# source: https://github.com/jax-ml/jax/issues/2072
# framework: JAX
# The program (memory grows slowly for hours): a jitted `f` applied to arrays of shape
# (500, i) and (500, j) for every i and j of two nested loops, a new shape pair on every pass,
# so every call compiles again and the cache grows without bound (mattjj). The loops count
# down from 12 instead of 15000 so that the run ends; `np` is jax.numpy and `jax.api` is `jax`,
# as in today's JAX.
# verify: c.jax['f'] >= 8
from jax import jit
from jax import random
from jax import numpy as np
from datetime import datetime

def f(x, y):
  return np.mean(x.T @ y)

f_jit = jit(f)

for i in range(12, 0, -1):
  x = random.normal(random.PRNGKey(i), (500, i))
  for j in range(12, 0, -1):
    y = random.normal(random.PRNGKey(j), (500, j))
    res = f_jit(x, y)  # label: ACC5
    if i % 4 == 0 and j % 4 == 0:
      print(datetime.now(), i, j, res)
