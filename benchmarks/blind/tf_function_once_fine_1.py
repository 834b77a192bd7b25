# source: blind55:tf_function_once_fine_1
# framework: TF
# label: none
# The callback builds its tf.function once, in set_model, and calls it at every epoch end.
# verify: c.tf['probe'] == 1
import numpy as np
import tensorflow as tf
from tensorflow import keras


class ProbeCallback(keras.callbacks.Callback):
    def __init__(self, x):
        super().__init__()
        self.x = x
        self.values = []

    def set_model(self, model):
        super().set_model(model)

        def probe(x):
            return tf.reduce_mean(model(x))

        self.probe = tf.function(probe)

    def on_epoch_end(self, epoch, logs=None):
        self.values.append(float(self.probe(self.x)))


model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
model.compile("sgd", "mse")
x, y = np.ones((16, 3), np.float32), np.ones((16, 1), np.float32)
model.fit(x, y, epochs=10, batch_size=8, verbose=0, callbacks=[ProbeCallback(tf.constant(x))])
