# spelling: framework=jax axis=identity component=factory_module_function reach=factory_function written-as=look-alike loop=direct
# run (4 -> 8 passes, traces per line): line 36: 1 -> 1
# label: fine
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


def make():
    return jax.jit(body)


def run(n):
    x = jnp.ones(3)
    for i in range(n):
        make()(x, 2.0)
