# source: https://github.com/cgarciae/treeo/issues/22
# framework: JAX
# The thread's last reduction, without treeo: a jitted `f(Y)` called five times with the same
# array showed cache sizes 0 1 2 2 2 on jax 0.3.15 (0 1 1 1 1 on 0.3.10). At most two
# compiles for one input, whatever the version: bounded. Fine.
# label: none
# verify: c.jax['f'] <= 2
import jax
import jax.numpy as jnp


@jax.jit
def f(Y):
    return jnp.sum(Y**2)


Y = jnp.ones(2)
for i in range(5):
    f(Y)
