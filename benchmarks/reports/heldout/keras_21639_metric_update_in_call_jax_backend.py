# source: https://github.com/keras-team/keras/issues/21639
# framework: JAX
# "Metric tracking issue in custom model with JAX backend": a custom model's `call` does
# `self.x_mean.update_state(keras.ops.mean(x, axis=1))` on a `keras.metrics.Mean` built in
# `build`; `model.fit` works with the TensorFlow and torch backends and raises "TypeError:
# 'NoneType' object is not callable" with JAX, where fit traces `call` statelessly and the
# metric's state cannot be updated in place inside it. The reporter's code (Keras 3.15, JAX
# backend).
# verify: c.error == "TypeError"
import os

os.environ["KERAS_BACKEND"] = "jax"

import numpy as np
import keras


class MyModel(keras.Model):
    def __init__(self):
        super().__init__()

    def build(self, input_shape):
        self.x_mean = keras.metrics.Mean()

    def call(self, x):
        self.x_mean.update_state(keras.ops.mean(x, axis=1))  # label: ACC4
        return x


model = MyModel()
model.compile(loss="mse", optimizer="sgd")

x = np.random.random((100, 4))
error = None
try:
    model.fit(x, x, verbose=0)
except Exception as exc:
    error = type(exc).__name__
print(error)
