# source: blind56:tf_keras_layer_if_1
# framework: TF
# A custom Keras layer clips activations only when their peak is large, with a Python `if` on
# a tensor. Keras 3 traces `call` without AutoGraph, so `fit` raises on the tensor bool; the
# eager twin trains.
# verify: c.error is not None and e.error is None
import keras
import numpy as np
import tensorflow as tf


class SoftClip(keras.layers.Layer):
    def __init__(self, limit=3.0, **kwargs):
        super().__init__(**kwargs)
        self.limit = limit

    def call(self, x):
        if tf.reduce_max(tf.abs(x)) > self.limit:  # label: ACC2
            return self.limit * tf.tanh(x / self.limit)
        return x


class ClippedRegressor(keras.Model):
    def __init__(self, cfg):
        super().__init__()
        self.hidden = keras.layers.Dense(8)
        self.clip = SoftClip(cfg["clip"])
        self.out = keras.layers.Dense(1)

    def call(self, x):
        return self.out(self.clip(self.hidden(x)))


def build_model(cfg):
    model = ClippedRegressor(cfg)
    model.compile(optimizer="adam", loss="mse")
    return model


error = None
try:
    x = np.random.default_rng(0).normal(size=(16, 4)).astype(np.float32)
    build_model({"clip": 3.0}).fit(x, x[:, :1], epochs=1, batch_size=8, verbose=0)
except Exception as exc:
    error = type(exc).__name__
