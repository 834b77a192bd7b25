# spelling: framework=jax axis=while component=while_constant reach=while written-as=look-alike
# run (4 -> 8 passes, traces per line): line 35: 1 -> 1
# label: fine
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
    step = 0
    while step < n:
        times(x * step, 2)
        step = step + 1
