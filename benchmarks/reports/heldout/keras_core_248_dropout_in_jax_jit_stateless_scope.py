# source: https://github.com/keras-team/keras-core/issues/248
# framework: JAX
# "Dropout layer doesn't work with jax backend when using jit + StatelessScope in training mode":
# the MRE jits a `train_step` that builds `Dropout(rate=0.1)` inside a `StatelessScope` and
# applies it with `training=True`. The `'list' object has no attribute 'dtype'` error was fixed
# (keras-core#249); on Keras 3.15 with the JAX backend the step runs, and the layer made while
# JAX traces takes its seed then: the jitted step applies the same mask on every call, while
# the same step run without jit draws a new one each time. The MRE (`StatelessScope` is
# `keras.StatelessScope` today), three calls.
# verify: c.outcome == "same" and e.outcome == "differ"
import os

os.environ["KERAS_BACKEND"] = "jax"

import jax
import keras
from jax import numpy as jnp
from keras import ops as knp

x = knp.array([0.1, 0.2, 0.3] * 10)


@jax.jit
def train_step(x):
    with keras.StatelessScope():
        x = keras.layers.Dropout(rate=0.5)(x, training=True)  # label: ACC1
    return x


outcome = None
try:
    masks = [train_step(x) != 0 for _ in range(3)]
    outcome = "same" if bool(jnp.all(masks[0] == masks[1]) and jnp.all(masks[1] == masks[2])) else "differ"
except Exception as exc:
    outcome = type(exc).__name__
print(outcome)
