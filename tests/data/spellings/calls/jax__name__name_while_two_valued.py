# spelling: framework=jax axis=static component=name_while_two_valued reach=name written-as=look-alike loop=while
# run (4 -> 8 passes, traces per line): line 36: 2 -> 2
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


F = jax.jit(body, static_argnums=1)


def run(n):
    x = jnp.ones(3)
    i = 0
    while i < n:
        F(x, i % 2)
        i += 1
