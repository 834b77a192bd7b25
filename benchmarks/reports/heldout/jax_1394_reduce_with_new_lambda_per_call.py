# source: https://github.com/jax-ml/jax/pull/1394
# framework: JAX
# The PR: "`lax.scatter` forms a new lambda expression every time it is called which leads to a
# cache miss and the creation of a new jaxpr by _reduction_jaxpr, which in turn leads to scatter
# being recompiled every time it is called" in op-by-op mode; fori_loop had the same problem with
# freshly made functions. The same shape of code at the user's level: a reduction called op by op
# in a loop with a new lambda as its computation on each call. Checked with jax 0.10: the
# reduction compiles on every pass (8 passes, 8 compiles of `reduce`).
# verify: c.jax['reduce'] >= 8
import jax.numpy as jnp
from jax import lax

x = jnp.arange(16.0)
totals = []
for step in range(8):
    totals.append(lax.reduce(x * step, 0.0, lambda a, b: a + b, (0,)))  # label: ACC5
print(totals)
