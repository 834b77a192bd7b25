# spelling: framework=jax axis=static component=parameter_keyword_static reach=parameter_keyword written-as=hazard loop=direct
# run (4 -> 8 passes, traces per line): line 31: 4 -> 8
# label: storm line=31
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


def train(x, n, step_fn=None):
    for i in range(n):
        step_fn(x, i + 1)


def run(n):
    train(jnp.ones(3), n, step_fn=jax.jit(body, static_argnums=1))
