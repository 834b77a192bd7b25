# spelling: framework=jax axis=identity component=parameter_lambda_per_epoch reach=parameter written-as=hazard loop=caller
# run (4 -> 8 passes, traces per line): line 30: 4 -> 8
# label: storm line=30
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


def epoch(step_fn, x):
    return step_fn(x)


def run(n):
    x = jnp.ones(3)
    for i in range(n):
        epoch(jax.jit(lambda v: v * 2.0), x)
