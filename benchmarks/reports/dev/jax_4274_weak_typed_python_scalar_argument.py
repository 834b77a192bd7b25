# source: https://github.com/jax-ml/jax/issues/4274
# framework: JAX
# Asked why a jitted function recompiles, a maintainer showed weak types: a Python float
# argument is weakly typed, the float32 result fed back is not, so `f` compiles twice and then
# hits its cache. A training loop that starts from a Python scalar pays one extra compile, not
# one per step: bounded. Fine. The loop continues the maintainer's two calls for `num_steps`.
# label: none
# verify: c.jax['<lambda>'] == 2
import jax
import numpy as np

x = 0.
f = jax.jit(lambda x: x + np.float32(0.))
y = f(x)
z = f(y)
num_steps = 10
for step in range(num_steps):
    z = f(z)
