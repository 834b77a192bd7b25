# spelling: framework=jax axis=data component=data_dict_keys reach=data written-as=hazard
# run (4 -> 8 passes, traces per line): line 86: 4 -> 8
# label: storm line=86
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


def frames(n):
    rng = np.random.default_rng(0)
    return [rng.random((200, 3)) * 3 for _ in range(n)]


def tokens(n):
    return np.random.default_rng(0).integers(0, 10 * n, n).tolist()


@jax.jit
def tree_total(d):
    return sum(d.values())


def run(n):
    counts = {}
    for token in tokens(n):
        counts[token] = 1.0
        tree_total(counts)
