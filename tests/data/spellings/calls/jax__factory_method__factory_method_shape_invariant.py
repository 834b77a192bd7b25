# spelling: framework=jax axis=shape component=factory_method_shape_invariant reach=factory_method written-as=look-alike loop=direct
# run (4 -> 8 passes, traces per line): line 38: 1 -> 1
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


class Builder:
    def build(self):
        return jax.jit(body)


def run(n):
    x = jnp.ones(3)
    f = Builder().build()
    for i in range(n):
        f(x * i, 2.0)
