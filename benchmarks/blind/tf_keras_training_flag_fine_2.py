# source: blind55:tf_keras_training_flag_fine_2
# framework: TF
# label: none
# A Keras layer branches on the Python `training` flag and on a static shape: both are known when
# Keras traces `call`, so `fit` works.
# verify: c.error is None
import numpy as np
import tensorflow as tf
from tensorflow import keras


class NoisyDense(keras.layers.Layer):
    def build(self, input_shape):
        self.dense = keras.layers.Dense(input_shape[-1])

    def call(self, x, training=None):
        h = self.dense(x)
        if training:
            h = h + tf.random.normal(tf.shape(h), stddev=0.01)
        if x.shape[-1] == h.shape[-1]:
            h = h + x
        return h


model = keras.Sequential([keras.Input((4,)), NoisyDense(), keras.layers.Dense(1)])
model.compile("sgd", "mse")
error = None
try:
    model.fit(np.ones((8, 4), np.float32), np.ones((8, 1), np.float32), epochs=2, verbose=0)
except Exception as exc:
    error = type(exc).__name__
