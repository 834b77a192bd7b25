# source: https://github.com/jax-ml/jax/issues/587
# framework: JAX
# `lax.while_loop(lambda x: x < 0, jf, ...)` called twice at top level, each time with a new
# `lambda` as the condition and a jitted body: the report measured each call (the loop was not
# served from a cache; ~20 ms a call). Two calls written out: at most two compiles of the loop,
# bounded. A fine look-alike. The report's code without the timing.
# label: none
# verify: max(c.jax.values()) <= 2
import jax.numpy as np
from jax import jit, lax


def f(x):
    return np.mean(x - np.ones(10000))


x = np.array(0.)
f(x)
jf = jit(f)
jf(x)
jf(x)
lax.while_loop(lambda x: x < 0, jf, np.array(0.))
lax.while_loop(lambda x: x < 0, jf, np.array(0.))
