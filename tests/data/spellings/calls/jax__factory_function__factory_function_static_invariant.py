# spelling: framework=jax axis=static component=factory_function_static_invariant reach=factory_function written-as=look-alike loop=direct
# run (4 -> 8 passes, traces per line): line 37: 1 -> 1
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


def run(n):
    x = jnp.ones(3)
    f = make()
    for i in range(n):
        f(x * i, 3)
