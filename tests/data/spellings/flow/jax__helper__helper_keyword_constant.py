# spelling: framework=jax axis=helper component=helper_keyword_constant reach=helper written-as=look-alike
# run (4 -> 8 passes, traces per line): line 32: 1 -> 1
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


def apply(x, width):
    return total(jnp.zeros((width, 3))) + x.sum()


def run(n):
    x = jnp.ones(3)
    for i in range(n):
        apply(x * i, width=3)
