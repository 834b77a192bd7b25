# source: https://github.com/jax-ml/jax/pull/595
# framework: JAX
# The pull request's extended example: keyword arguments are not mapped to positions, so
# `f(1, y=2)` and `f(x=2, y=3)` each miss the cache entry the positional calls made, once
# ("We don't guarantee cache hits in general, so while this behavior isn't ideal, it seems
# okay"). Seven calls written out: three traces at most, a bounded set.
# label: none
# verify: c.jax['<lambda>'] <= 3
from jax import jit

f = jit(lambda x, y: x + y)
f(1, 2)
f(2, 3)  # cache hit
f(1, y=2)  # cache miss, re-compiles
f(3, y=4)  # cache hit
f(5, 6)  # cache hit
f(x=2, y=3)  # cache miss, re-compiles
f(y=4, x=8)  # cache hit
