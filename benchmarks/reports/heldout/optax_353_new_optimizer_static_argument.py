# source: https://github.com/google-deepmind/optax/issues/353
# framework: JAX
# `optimizer` is a static argument; `train()` builds `optax.adam(1e-2)` anew, and optax's
# transformation hashes by the identity of its closures, so each `train()` compiles
# `train_step` again ("compiling" printed once per call). Within one `train()` the ten steps
# reuse it. The user calls `train()` three times; a loop calls it ten.
# verify: c.out.count("compiling") >= 8
from functools import partial

import jax
import jax.numpy as jnp
import optax


@partial(jax.jit, static_argnames=("optimizer",))
def train_step(optimizer, opt_state):
    print("compiling")  # label: ACC4


def train():
    optimizer = optax.adam(1e-2)
    opt_state = optimizer.init({"foo": jnp.zeros((100, 100))})

    for _ in range(10):
        train_step(optimizer, opt_state)  # label[a]: ACC5


for run in range(10):
    train()  # label[a]
