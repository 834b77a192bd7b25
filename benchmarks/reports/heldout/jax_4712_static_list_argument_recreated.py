# source: https://github.com/jax-ml/jax/issues/4712
# framework: JAX
# A static argument that is re-created (`dummy_arg = [0]` again) recompiled on JAX 0.2, where a
# list was hashed by identity. JAX now refuses an unhashable static argument outright; the
# user's loop, written with a tuple (what the error asks for), compiles once: equal values hit
# the cache. Fine. (`jax.partial` is `functools.partial`; the profiler contexts are left out.)
# label: none
# verify: c.jax['dummy_add_fn'] == 1
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(0,))
def dummy_add_fn(dummy, x):
    return x + 1


real_arg = jnp.zeros((3,))
for run in range(10):
    dummy_arg = (0,)
    dummy_add_fn(dummy_arg, real_arg)
