# spelling: framework=jax axis=static component=attribute_init_caller2 reach=attribute_init written-as=hazard loop=caller2
# run (4 -> 8 passes, traces per line): line 38: 4 -> 8
# label: storm line=38
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


class Trainer:
    def __init__(self):
        self.step = jax.jit(body, static_argnums=1)


TRAINER = Trainer()


def inner(x, i):
    return TRAINER.step(x, i + 1)


def step(x, i):
    return inner(x, i)


def run(n):
    x = jnp.ones(3)
    for i in range(n):
        step(x, i)
