# source: blind56:tf_keras_loss_float_1
# framework: TF
# A focal-style loss object computes its focusing weight through a helper that converts the
# batch's mean confidence to a Python float. Keras 3 traces the loss inside `fit` without
# AutoGraph, so `float()` of a symbolic tensor raises; eagerly it works.
# verify: c.error is not None and e.error is None
import keras
import numpy as np
import tensorflow as tf


def focusing_weight(y_pred, gamma):
    confidence = float(tf.reduce_mean(y_pred))  # label: ACC3
    return (1.0 - confidence) ** gamma


class AdaptiveFocalLoss(keras.losses.Loss):
    def __init__(self, gamma=2.0, **kwargs):
        super().__init__(**kwargs)
        self.gamma = gamma

    def call(self, y_true, y_pred):
        bce = keras.losses.binary_crossentropy(y_true, y_pred)
        return focusing_weight(y_pred, self.gamma) * bce


def build(cfg):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, activation="sigmoid")])
    model.compile(optimizer="sgd", loss=AdaptiveFocalLoss(cfg["gamma"]))
    return model


error = None
try:
    x = np.ones((8, 3), np.float32)
    build({"gamma": 2.0}).fit(x, np.ones((8, 1), np.float32), epochs=1, verbose=0)
except Exception as exc:
    error = type(exc).__name__
