# spelling: framework=jax axis=while component=while_halving reach=while written-as=hazard
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
    lr, step = 1.0, 0
    while step < n:
        times(x, lr)
        lr = lr * 0.5
        step += 1
