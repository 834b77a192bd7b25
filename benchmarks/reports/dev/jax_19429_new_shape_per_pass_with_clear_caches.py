# source: https://github.com/jax-ml/jax/issues/19429
# framework: JAX
# The reproduction (a memory leak, surfaced in numpyro): a jitted `fn` is called on
# `jnp.zeros(i)` for each i of its loop, a new shape on every pass, so every call traces and compiles
# again; the caches are cleared and the arrays deleted each pass, yet resident memory grows.
# The psutil memory prints are removed; the thread loops 1,001 times, the module 101 (still a
# loop of many passes) so that its run and its eager twin take seconds, not minutes.
# verify: c.jax['fn'] >= 8
import gc

import jax
import jax.numpy as jnp


@jax.jit
def fn(x):
    return jnp.sum(jnp.sin(x))


for i in range(0, 101):
    res = fn(jnp.zeros(i))  # label: ACC5

    jax.clear_caches()

    del res
    for x in jax.live_arrays():
        x.delete()

    gc.collect()
