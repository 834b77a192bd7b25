# spelling: framework=jax axis=identity component=factory_method_bound reach=factory_method written-as=hazard loop=direct
# run (4 -> 8 passes, traces per line): line 41: 4 -> 8
# label: storm line=41
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


class Builder:
    def _step(self, v):
        return v * 2.0

    def build(self):
        return jax.jit(self._step)


def run(n):
    x = jnp.ones(3)
    for i in range(n):
        f = Builder().build()
        f(x)
