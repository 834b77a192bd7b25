# spelling: framework=jax axis=shape component=pjit_shape reach=pjit written-as=hazard loop=direct
# run (4 -> 8 passes, traces per line): line 35: 4 -> 8
# label: storm line=35
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


F = pjit(body)


def run(n):
    x = jnp.ones(3)
    for i in range(n):
        F(jnp.ones(i + 1), 2.0)
