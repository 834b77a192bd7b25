# source: blind55:tf_keras_loop_tensor_2
# framework: TF
# A Keras model's call iterates a number of refinement steps read from a tensor
# (`tf.range(n)` with n from the input): without AutoGraph the Python loop over a symbolic tensor
# raises under `fit`.
# verify: c.error is not None and e.error is None
import numpy as np
import tensorflow as tf
from tensorflow import keras


class Refiner(keras.Model):
    def __init__(self):
        super().__init__()
        self.step = keras.layers.Dense(3)

    def call(self, inputs):
        x, n = inputs
        h = x
        for _ in tf.range(tf.reduce_max(n)):  # label: ACC2
            h = h + 0.1 * self.step(h)
        return h


model = Refiner()
model.compile("sgd", "mse")
x = np.ones((8, 3), np.float32)
n = np.full((8, 1), 2, np.int32)
error = None
try:
    model.fit((x, n), x, epochs=1, batch_size=4, verbose=0)
except Exception as exc:
    error = type(exc).__name__
