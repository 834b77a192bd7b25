# source: blind55:tf_new_function_loop_2
# framework: TF
# A Keras callback builds a tf.function for its probe at every epoch end; with 10 epochs the
# probe is traced 10 times.
# verify: c.tf['probe'] >= 8
import numpy as np
import tensorflow as tf
from tensorflow import keras


class ProbeCallback(keras.callbacks.Callback):
    def __init__(self, x):
        super().__init__()
        self.x = x
        self.values = []

    def on_epoch_end(self, epoch, logs=None):
        def probe(x):
            return tf.reduce_mean(self.model(x))

        self.values.append(float(tf.function(probe)(self.x)))  # label: ACC5


model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
model.compile("sgd", "mse")
x, y = np.ones((16, 3), np.float32), np.ones((16, 1), np.float32)
cb = ProbeCallback(tf.constant(x))
model.fit(x, y, epochs=10, batch_size=8, verbose=0, callbacks=[cb])
