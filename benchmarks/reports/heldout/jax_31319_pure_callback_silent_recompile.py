# source: https://github.com/jax-ml/jax/issues/31319
# framework: JAX
# label: none
# "`cache_miss` caused by `jax.pure_callback`, silent recompilation": a jitted `f` calls a NumPy
# function through `jax.pure_callback`; the user's profiles showed repeated cache misses and host
# fallbacks, though `jax_log_compiles` showed nothing. The user's MRE, called on the same input
# ten times: JAX traces and compiles `f` once (the callback runs on the host at every call, as it
# should) and the results match the eager run.
# verify: c.jax['f'] == 1 and close(c.results, e.results)
import jax
import jax.numpy as jnp
import numpy as np


def f_host(x):
    # call a numpy (not jax.numpy) operation:
    return np.sin(x).astype(x.dtype)


@jax.jit
def f(x):
    result_shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(f_host, result_shape, x, vmap_method="sequential")


x = jnp.arange(5.0)
results = [f(x) for _ in range(10)]
print(results[-1])
