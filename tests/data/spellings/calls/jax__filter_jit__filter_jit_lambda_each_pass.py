# spelling: framework=jax axis=identity component=filter_jit_lambda_each_pass reach=filter_jit written-as=hazard loop=direct
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
        f = eqx.filter_jit(lambda v: v * 2.0)
        f(x)
