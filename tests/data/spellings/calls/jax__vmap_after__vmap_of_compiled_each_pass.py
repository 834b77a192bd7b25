# spelling: framework=jax axis=identity component=vmap_of_compiled_each_pass reach=vmap_after written-as=look-alike loop=direct
# run (4 -> 8 passes, traces per line): line 35: 1 -> 1
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


F = jax.jit(body)


def run(n):
    x = jnp.ones(3)
    for i in range(n):
        jax.vmap(F)(jnp.ones((2, 3)) * i, jnp.ones(2))
