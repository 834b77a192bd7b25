# source: blind55:tf_keras_if_tensor_1
# framework: TF
# A Keras layer skips its residual branch when the input is "small", a Python `if` on a tensor.
# Keras 3 traces `call` without AutoGraph (when the model is built on symbolic inputs, and under
# `fit`), so building and training raise, where a call on concrete data works.
# (Checked within one run: the direct call on concrete data is the eager reference.)
# verify: c.error is not None and close(c.direct, [[0.01, 0.0, 0.0, 0.0]])
import numpy as np
import tensorflow as tf
from tensorflow import keras


class GatedResidual(keras.layers.Layer):
    def build(self, input_shape):
        self.dense = keras.layers.Dense(input_shape[-1])

    def call(self, x):
        if tf.reduce_mean(tf.abs(x)) < 0.1:  # label: ACC2
            return x
        return x + self.dense(x)


direct = GatedResidual()(tf.constant([[0.01, 0.0, 0.0, 0.0]]))
error = None
try:
    model = keras.Sequential([keras.Input((4,)), GatedResidual(), keras.layers.Dense(1)])
    model.compile("sgd", "mse")
    model.fit(np.ones((8, 4), np.float32), np.ones((8, 1), np.float32), epochs=1, verbose=0)
except Exception as exc:
    error = type(exc).__name__
