# spelling: framework=jax axis=chain component=weak_type_int_or_float reach=chain written-as=look-alike
# run (4 -> 8 passes, traces per line): line 34: 2 -> 2
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
    for i in range(n):
        scale_jit(x, i if i % 2 else float(i))
