# source: https://github.com/jax-ml/jax/issues/5033
# framework: JAX
# Written from the question's description (no code in the thread): after jit stopped hashing
# unhashable static arguments by identity, the user wraps huge NumPy arrays of trained weights
# that never change in a class hashing by identity, passes the wrapper as a static argument and
# marks the array read-only. mattjj: safe, the only failure mode is excessive recompiles, and
# there are none while the same wrapper is passed. One wrapper, made once, used on every step:
# one trace. Fine.
# label: none
# verify: c.jax['predict'] == 1 and close(c.outs, e.outs)
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


class HashableById:
    def __init__(self, array):
        array.setflags(write=False)
        self.array = array

    def __hash__(self):
        return id(self.array)

    def __eq__(self, other):
        return isinstance(other, HashableById) and other.array is self.array


@partial(jax.jit, static_argnums=(1,))
def predict(x, weights):
    return jnp.tanh(x @ jnp.asarray(weights.array))


trained = HashableById(np.random.default_rng(0).normal(size=(8, 4)))
num_steps = 10
outs = []
for step in range(num_steps):
    x = jnp.full((2, 8), float(step))
    outs.append(predict(x, trained))
