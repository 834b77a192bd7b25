# spelling: framework=jax axis=static component=list_item_static reach=list_item written-as=hazard loop=direct
# run (4 -> 8 passes, traces per line): line 35: 4 -> 8
# label: storm line=35
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


FNS = [jax.jit(body, static_argnums=1)]


def run(n):
    x = jnp.ones(3)
    for i in range(n):
        FNS[0](x, i + 1)
