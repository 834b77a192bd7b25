# spelling: framework=jax axis=static component=factory_module_level_while reach=factory_module_level written-as=hazard loop=while
# run (4 -> 8 passes, traces per line): line 40: 4 -> 8
# label: storm line=40
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


def make():
    return jax.jit(body, static_argnums=1)


F = make()


def run(n):
    x = jnp.ones(3)
    i = 0
    while i < n:
        F(x, i + 1)
        i += 1
