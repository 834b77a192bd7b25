# source: https://github.com/jax-ml/jax/issues/7930
# framework: JAX
# The first program: each pass shrinks `size` by one and applies `jit(f)` anew to an
# array of the new shape, so every pass compiles again; dropping the reference and clearing the
# cache did not free the memory (about 1 MB per 100 passes). `xla._xla_callable.cache_clear()`
# is `jax.clear_caches()` in today's JAX; the GPU memory prints and the sleep are removed; 100
# passes over sizes from 201 down instead of 1000 passes from 1001 down.
# verify: c.jax['f'] >= 8
import jax
import jax.numpy as np
from jax import jit


def f(x):
    return np.mean(np.dot(x, x.T))


size = 202
for i in range(100):
    if i%100 == 0: print(f"\nROUND #{i}")

    size -= 1
    a = np.ones([size, size])

    jit_f = None
    jax.clear_caches()

    jit_f = jit(f)  # label[a]
    out = jit_f(a)  # label[a]: ACC5
    if i%100 == 0: print(out)
