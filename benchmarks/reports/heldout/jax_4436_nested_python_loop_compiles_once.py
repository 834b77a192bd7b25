# source: https://github.com/jax-ml/jax/issues/4436
# framework: JAX
# label: none
# "Jax indexing code runs extremely slowly?": a jitted `foo` runs a 128 x 128 Python loop of
# `s = a[0]` and "takes more than 15 seconds to run"; the answer times a second call at half a
# millisecond - the first call traces the unrolled loop and compiles it, later calls reuse it. The
# user's function (the loop cut to 32 x 32 to keep the run short), called three times: one
# compile.
# verify: c.jax['foo'] == 1 and c.results == e.results
import jax.numpy as jnp
from jax import jit


@jit
def foo(a):
    for i in range(32):
        for j in range(32):
            s = a[0]
    return 0


a = jnp.zeros(128)
results = [int(foo(a)) for _ in range(3)]
print(results)
