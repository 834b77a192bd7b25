# spelling: framework=jax axis=data component=data_randint_size reach=data written-as=hazard
# run (4 -> 8 passes, traces per line): line 72: 4 -> 8
# label: storm line=72
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax import random
import collections
import math

def scale(v, k=2.0):
    return v * k


def loss(v):
    return (v ** 2).sum()


class Scaler:
    def apply(self, v):
        return v * 3.0


class Config:
    pass


@jax.jit
def total(v):
    return v.sum()


@functools.partial(jax.jit, static_argnums=1)
def times(v, k):
    return v * k


@functools.partial(jax.jit, static_argnames="k")
def times_named(v, k):
    return v * k


times_wrapped = jax.jit(scale, static_argnums=1)


@functools.partial(jax.jit, static_argnums=1)
def keyed(v, k):  # k only in the key: any hashable value
    return v * 2.0


def schedule(s):
    return 0.1 * 0.9 ** s


class Scaled:
    def __init__(self, k):
        self.k = k

    @functools.partial(jax.jit, static_argnums=0)
    def apply(self, v):
        return v * self.k


scale_jit = jax.jit(lambda v, k: v * k)


def run(n):
    x = np.ones((256, 3))
    rng = np.random.default_rng(0)
    for _ in range(n):
        total(x[: rng.integers(16, 200)])
