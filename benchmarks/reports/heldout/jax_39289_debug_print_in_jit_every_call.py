# source: https://github.com/jax-ml/jax/issues/39289
# framework: JAX
# "`no_tracing` raises on calls that don't trace": a jitted function containing
# `jax.debug.print` (a host callback) never takes the C++ fast path, so `jax.no_tracing()` flags
# every warm call although "no tracing happens: the Python trace cache hits ... and
# `jax.log_compiles(True)` logs nothing". The function itself is the look-alike: a
# `jax.debug.print` in a jitted function prints on every call, as the eager run does, from one
# trace. The report's MWE shape: one jitted function, four warm calls.
# label: none
# verify: c.out.count("value:") == 5 and e.out.count("value:") == 5 and c.jax['f'] == 1
import jax
import jax.numpy as jnp


@jax.jit
def f(x):
    jax.debug.print("value: {x}", x=x)
    return x + 1


x = jnp.arange(3.0)
for _ in range(5):
    y = f(x)
    y.block_until_ready()
