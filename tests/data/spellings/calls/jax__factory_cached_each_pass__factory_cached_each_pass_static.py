# spelling: framework=jax axis=static component=factory_cached_each_pass_static reach=factory_cached_each_pass written-as=hazard loop=direct
# run (4 -> 8 passes, traces per line): line 37: 4 -> 8
# label: storm line=37
import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.experimental.pjit import pjit


def body(v, k, b=1.0):
    return v * k + b


def loss(v, k):
    return (v * k).sum()


def logged(fn):
    @functools.wraps(fn)
    def inner(*args, **kwargs):
        return fn(*args, **kwargs)
    return inner


@functools.lru_cache
def make():
    return jax.jit(body, static_argnums=1)


def run(n):
    x = jnp.ones(3)
    for i in range(n):
        make()(x, i + 1)
