# spelling: framework=jax axis=identity component=lower_compile_each_pass reach=lower_compile written-as=hazard loop=direct
# run (4 -> 8 passes, traces per line): line 32: 4 -> 8
# label: storm line=32
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


def run(n):
    x = jnp.ones(3)
    for i in range(n):
        jax.jit(lambda v: v * 2.0).lower(x).compile()(x)
