# spelling: framework=jax axis=static component=attribute_init_module reach=attribute_init written-as=hazard loop=module
# run (4 -> 8 passes, traces per line): line 39: 4 -> 8
# label: storm line=39
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


x = jnp.ones(3)
for i in range(PASSES):
    TRAINER.step(x, i + 1)
