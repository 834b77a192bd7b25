# source: blind56:tf_new_function_eval_fine_1
# framework: TF
# label: none
# The same validation callback, but it builds its tf.function once in `on_train_begin`; every
# epoch end calls the same compiled function with the same input signature: one trace.
# verify: c.tf['_summarize'] == 1
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

    def on_train_begin(self, logs=None):
        self.summarize = tf.function(self._summarize)

    def on_epoch_end(self, epoch, logs=None):
        self.history.append(float(self.summarize(self.x_val)))


def build_model():
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
    model.compile(optimizer="sgd", loss="mse")
    return model


x = np.ones((16, 4), np.float32)
y = np.zeros((16, 1), np.float32)
cb = ValidationSummary(x[:4])
build_model().fit(x, y, epochs=10, batch_size=8, verbose=0, callbacks=[cb])
