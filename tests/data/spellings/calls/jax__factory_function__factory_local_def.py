# spelling: framework=jax axis=identity component=factory_local_def reach=factory_function written-as=hazard loop=direct
# run (4 -> 8 passes, traces per line): line 40: 4 -> 8
# label: storm line=40
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


def make(k):
    @jax.jit
    def step(v):
        return v * k
    return step


def run(n):
    x = jnp.ones(3)
    for i in range(n):
        step = make(2.0)
        step(x)
