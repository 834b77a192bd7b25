# source: https://github.com/jax-ml/jax/pull/1605
# framework: JAX
# The repro in the pull request (an OOM): `f = jit(lambda: ...)` rebound on each of 40 passes,
# every pass a new function, so every pass compiles again (the fix freed the dead entries; the
# compiles remain). The constant is (3, 4, 4) here instead of (300, 1024, 1024) so that 40
# compiles fit in memory; `np` is jax.numpy, as in 2019's code.
# verify: c.jax['<lambda>'] >= 8
import jax.numpy as np
from jax import jit

for i in range(40):
    f = jit(lambda: 1. * np.ones((3, 4, 4)))  # label[a]
    f().block_until_ready()  # label[a]: ACC5
