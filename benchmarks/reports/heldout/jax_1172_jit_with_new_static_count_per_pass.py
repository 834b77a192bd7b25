# source: https://github.com/jax-ml/jax/issues/1172
# framework: JAX
# The timing loop (PRNG compile times growing with the number of splits): on each of 17
# passes `jit(f, static_argnums=(1,))` is applied anew and called with the pass's count `i`, a
# new static value every pass, so every pass traces and compiles `f` again (the compile time of
# each grows with `i`, the subject). The loop keeps the thread's `range(17)`.
# verify: c.jax['f'] >= 8
from jax import jit, random
import time

def f(key, i):
    for _ in range(i):
        _, key = random.split(key)
    return key

for i in range(17):
    t = time.time()
    key = jit(f, static_argnums=(1,))(random.PRNGKey(0), i).copy()  # label: ACC5
    print("split {} times takes {}".format(i, time.time() - t))
