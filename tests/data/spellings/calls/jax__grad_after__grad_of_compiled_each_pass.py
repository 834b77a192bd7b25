# spelling: framework=jax axis=identity component=grad_of_compiled_each_pass reach=grad_after written-as=look-alike loop=direct
# run (4 -> 8 passes, traces per line): line 35: 2 -> 2
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


F = jax.jit(loss)


def run(n):
    x = jnp.ones(3)
    for i in range(n):
        jax.grad(F)(x * i, 2.0)
