# spelling: framework=jax axis=static component=parameter_static_invariant reach=parameter written-as=look-alike loop=direct
# run (4 -> 8 passes, traces per line): line 31: 1 -> 1
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


def train(step_fn, x, n):
    for i in range(n):
        step_fn(x * i, 3)


def run(n):
    train(jax.jit(body, static_argnums=1), jnp.ones(3), n)
