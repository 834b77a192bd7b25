# source: blind56:tf_keras_mask_if_2
# framework: TF
# A Keras model's `call` hands its padding mask to a pooling helper that returns zeros for an
# all-padding batch with a Python `if` on a tensor. `predict` traces `call` without AutoGraph
# (Keras 3), so the `if` raises; eagerly it runs.
# verify: c.error is not None and e.error is None
import keras
import numpy as np
import tensorflow as tf


def masked_mean(h, mask):
    count = tf.reduce_sum(mask)
    if count == 0:  # label: ACC2
        return tf.zeros_like(h[:, 0])
    return tf.reduce_sum(h * mask[..., None], axis=1) / count


class Pooler(keras.Model):
    def __init__(self, dim=4):
        super().__init__()
        self.proj = keras.layers.Dense(dim)

    def call(self, tokens):
        mask = tf.cast(tokens[..., 0] != 0, tf.float32)
        return masked_mean(self.proj(tokens), mask)


error = None
try:
    model = Pooler()
    model.predict(np.ones((4, 5, 3), np.float32), verbose=0)
except Exception as exc:
    error = type(exc).__name__
