# source: https://github.com/keras-team/keras/issues/19639
# framework: JAX
# A maintainer's answer in the thread (Keras 3, JAX backend): with `jit_compile=False` in
# `model.compile()`, `call` runs eagerly and can turn the position input into a Python int with
# `.item()`, handing it to a method jitted with the model, the position and the repeat count
# static. One `predict` of one batch: one trace of `jitted_call`. Fine.
# label: none
# verify: c.jax['jitted_call'] == 1 and close(c.result, e.result)
import os

os.environ["KERAS_BACKEND"] = "jax"

from functools import partial

import jax
import jax.numpy as jnp
import keras
import numpy as np


class CustomModel(keras.Model):
    def __init__(self, name=None):
        super().__init__(name=name)

    @partial(jax.jit, static_argnums=(0, 2, 3))
    def jitted_call(self, x, pos, num_repeats):
        x_slice = x[:, :pos, :, :]
        x_slice = jnp.repeat(x_slice, num_repeats, axis=2)
        return x_slice

    def call(self, inputs, training=True):
        x, pos = inputs
        return self.jitted_call(x, pos.item(), 2)


x = np.random.default_rng(0).random((1, 5, 4, 3))
pos = jnp.array([2])
model = CustomModel()
model.compile(jit_compile=False)
result = model.predict((x, pos), verbose=0)
