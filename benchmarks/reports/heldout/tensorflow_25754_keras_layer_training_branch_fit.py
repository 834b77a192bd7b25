# source: https://github.com/tensorflow/tensorflow/issues/25754
# framework: TF
# "Model.fit() leaves training arg and learning_phase unset (TF2-preview)": a custom layer whose
# `call(self, inputs, training=None)` adds noise only `if training:`; in the TF 2.0 preview `fit`
# did not set `training`, so the noise never applied. Keras 3 passes `training=True` to every
# layer during `fit` and `training=False` in `predict`, and the branch is on that Python bool.
# Fine. Reduced: a noise layer (a constant 1.0 instead of random noise, so the effect is
# visible) in a small model, fit once and then predicted.
# label: none
# verify: True in c.flags and c.loss_changed
import numpy as np
import tensorflow as tf
from tensorflow import keras

flags = set()


class MyNoise(keras.layers.Layer):
    def call(self, inputs, training=None):
        flags.add(training)
        if training:
            return inputs + 1.0
        return inputs


model = keras.Sequential([keras.Input((3,)), MyNoise(), keras.layers.Dense(1)])
model.compile(loss="mse", optimizer="sgd")
X = np.ones((8, 3), "float32")
y = np.ones((8, 1), "float32")
before = model.evaluate(X, y, verbose=0)
model.fit(X, y, epochs=1, verbose=0)
loss_changed = model.evaluate(X, y, verbose=0) != before
