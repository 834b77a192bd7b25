# spelling: framework=jax axis=chain component=chain_shape_max_round reach=chain written-as=hazard
# run (4 -> 8 passes, traces per line): line 35: 4 -> 8
# label: storm line=35
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax import random
import collections
import math


@jax.jit
def total(v):
    return v.sum()


@functools.partial(jax.jit, static_argnums=1)
def times(v, k):
    return v * k


@functools.partial(jax.jit, static_argnames="k")
def keyed(v, k):  # k only in the key: any hashable value
    return v * 2.0


scale_jit = jax.jit(lambda v, k: v * k)


def run(n):
    x = jnp.ones(3)
    for i in range(n):
        rows = max(1, round(i * 1.5))
        total(jnp.zeros((rows, 3)))
