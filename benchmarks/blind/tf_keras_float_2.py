# source: blind55:tf_keras_float_2
# framework: TF
# A Keras layer reads a Python float out of its input statistics with float() to choose a
# scale: Keras traces `call` on symbolic tensors (when the model is built, and under `fit`),
# which cannot be converted, so building and training raise, where a call on concrete data works.
# (Checked in one run: the model's symbolic build raises in the eager twin too.)
# verify: c.error is not None and close(c.direct, [[0.5, -1.0]])
import numpy as np
import tensorflow as tf
from tensorflow import keras


class AutoScale(keras.layers.Layer):
    def call(self, x):
        peak = float(tf.reduce_max(tf.abs(x)))  # label: ACC3
        return x / (peak + 1e-6)


direct = AutoScale()(tf.constant([[2.0, -4.0]]))
error = None
try:
    model = keras.Sequential([keras.Input((4,)), AutoScale(), keras.layers.Dense(1)])
    model.compile("sgd", "mse")
    model.fit(np.ones((8, 4), np.float32), np.ones((8, 1), np.float32), epochs=1, verbose=0)
except Exception as exc:
    error = type(exc).__name__
