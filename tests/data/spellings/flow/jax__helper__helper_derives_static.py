# spelling: framework=jax axis=helper component=helper_derives_static reach=helper written-as=hazard
# run (4 -> 8 passes, traces per line): line 34: 4 -> 8
# label: storm line=34
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


def step(x, epoch):
    lr = 0.1 * 0.5 ** epoch
    scale = round(lr, 6)
    return times(x, scale)


def run(n):
    x = jnp.ones(3)
    for i in range(n):
        step(x, i)
