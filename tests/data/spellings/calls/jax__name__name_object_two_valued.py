# spelling: framework=jax axis=static component=name_object_two_valued reach=name written-as=look-alike loop=object
# run (4 -> 8 passes, traces per line): line 38: 2 -> 2
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


class Runner:
    def __init__(self, i):
        self.i = i

    def go(self, x):
        i = self.i
        return F(x, i % 2)


def run(n):
    x = jnp.ones(3)
    for i in range(n):
        Runner(i).go(x)
