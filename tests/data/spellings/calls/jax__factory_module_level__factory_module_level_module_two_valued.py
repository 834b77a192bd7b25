# spelling: framework=jax axis=static component=factory_module_level_module_two_valued reach=factory_module_level written-as=look-alike loop=module
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


def make():
    return jax.jit(body, static_argnums=1)


F = make()


x = jnp.ones(3)
for i in range(PASSES):
    F(x, i % 2)
