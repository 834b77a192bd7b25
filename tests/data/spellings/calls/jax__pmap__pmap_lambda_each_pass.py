# spelling: framework=jax axis=identity component=pmap_lambda_each_pass reach=pmap written-as=hazard loop=direct
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
    x = jnp.ones((1, 3))
    for i in range(n):
        f = jax.pmap(lambda v: v * 2.0)
        f(x)
