# spelling: framework=jax axis=static component=name_caller reach=name written-as=hazard loop=caller
# run (4 -> 8 passes, traces per line): line 33: 4 -> 8
# label: storm line=33
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


def step(x, i):
    return F(x, i + 1)


def run(n):
    x = jnp.ones(3)
    for i in range(n):
        step(x, i)
