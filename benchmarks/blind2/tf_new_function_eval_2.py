# source: blind56:tf_new_function_eval_2
# framework: TF
# A Keras callback computes a validation summary at each epoch end through
# `tf.function(self._summarize)`, made inside `on_epoch_end`. `fit` calls it once per epoch,
# so every epoch makes a new tf.function and traces it again.
# verify: c.tf['_summarize'] >= 8
import keras
import numpy as np
import tensorflow as tf


class ValidationSummary(keras.callbacks.Callback):
    def __init__(self, x_val):
        super().__init__()
        self.x_val = tf.constant(x_val)
        self.history = []

    def _summarize(self, x):
        return tf.reduce_mean(self.model(x, training=False))

    def on_epoch_end(self, epoch, logs=None):
        summarize = tf.function(self._summarize)  # label[a]
        self.history.append(float(summarize(self.x_val)))  # label[a]: ACC5


def build_model():
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
    model.compile(optimizer="sgd", loss="mse")
    return model


x = np.ones((16, 4), np.float32)
y = np.zeros((16, 1), np.float32)
cb = ValidationSummary(x[:4])
build_model().fit(x, y, epochs=10, batch_size=8, verbose=0, callbacks=[cb])
