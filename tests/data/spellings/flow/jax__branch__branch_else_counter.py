# spelling: framework=jax axis=branch component=branch_else_counter reach=branch written-as=hazard
# run (4 -> 8 passes, traces per line): line 38: 3 -> 7
# label: storm line=38
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
        if i < 2:
            k = 0
        else:
            k = i
        times(x, k)
