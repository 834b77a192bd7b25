# source: https://github.com/jax-ml/jax/issues/12789
# framework: JAX
# "dynamic update causes constant-folding": `foo` builds `jax.numpy.ones((500, 500, 500))`
# inside jit and sets one element with `.at[...].set(2)`; XLA constant-folds the update and
# warns that it takes more than a second. The maintainers: constant folding trades compile time
# for run time. The function is compiled once and both calls of the loop reuse it, with the
# right result. Fine (slow compile only). Shape reduced.
# label: none
# verify: c.jax['foo'] == 1 and close(c.total, e.total)
import time

import jax


@jax.jit
def foo():
    x = jax.numpy.ones((50, 50, 50))
    x = x.at[(10, 10, 10)].set(2)
    return x


for _ in range(2):
    start = time.time()
    out = foo().block_until_ready()
    print(f"Time elapsed: {time.time()-start:.3}s")
total = float(out.sum())
