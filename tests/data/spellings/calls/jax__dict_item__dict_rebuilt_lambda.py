# spelling: framework=jax axis=identity component=dict_rebuilt_lambda reach=dict_item written-as=hazard loop=direct
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


def run(n):
    x = jnp.ones(3)
    for i in range(n):
        fns = {"mul": jax.jit(lambda v: v * 2.0)}
        fns["mul"](x)
