# source: https://github.com/jax-ml/jax/issues/968
# framework: JAX
# The report: drawing with `random.split` and `random.normal` eagerly in a Python loop of 10,000
# is >200x slower than NumPy. The cost is op-by-op dispatch, not compilation: the primitives'
# compiled kernels are cached after the first pass (a handful of compiles in all). Fine.
# label: none
# verify: c.jax['_normal'] <= 2 and c.jax['_threefry_split'] <= 2
import time
from jax import random, grad
import jax.numpy as np
import numpy.random as npr

def sample_repeatedly_with_split(key):
    for _ in range(10000):
        key, subkey = random.split(key)
        random.normal(subkey, shape=(3,))


def sample_repeatedly():
    for _ in range(10000):
        npr.normal(size=(3,))


key = random.PRNGKey(0)
now = time.time()
sample_repeatedly_with_split(key=key)
print('sample with split takes {:.4f} secs'.format(time.time() - now))

now = time.time()
sample_repeatedly()
print('`npr.normal` takes {:.4f} secs'.format(time.time() - now))
