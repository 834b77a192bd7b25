# spelling: framework=jax axis=static component=factory_method_static reach=factory_method written-as=hazard loop=direct
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


class Builder:
    def build(self):
        return jax.jit(body, static_argnums=1)


def run(n):
    x = jnp.ones(3)
    f = Builder().build()
    for i in range(n):
        f(x, i + 1)
