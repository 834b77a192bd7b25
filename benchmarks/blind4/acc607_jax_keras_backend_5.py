# source: blind58:acc607_jax_keras_backend_5
# framework: JAX
# Keras 3 on the JAX backend: a layer reads a Python float `self.margin` that a callback
# holding the layer raises after every epoch. fit builds its jitted train function once and
# keeps it, so every epoch trains with the first margin.
# verify: not close(c.weights_after, e.weights_after)
import os

os.environ["KERAS_BACKEND"] = "jax"

import keras  # noqa: E402
import numpy as np  # noqa: E402


class Margin(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.margin = 0.0

    def build(self, shape):
        self.w = self.add_weight(shape=(shape[-1], 1), initializer="ones")

    def call(self, x):
        return x @ self.w + self.margin  # label[a]: ACC607


class MarginWarmup(keras.callbacks.Callback):
    def __init__(self, layer):
        super().__init__()
        self.layer = layer

    def on_epoch_end(self, epoch, logs=None):
        self.layer.margin = float(epoch + 1)  # label[a]


layer = Margin()
model = keras.Sequential([keras.Input((2,)), layer])
model.compile(optimizer=keras.optimizers.SGD(0.01), loss="mse")
x, y = np.ones((8, 2), "float32"), np.zeros((8, 1), "float32")
model.fit(x, y, epochs=4, batch_size=8, verbose=0, callbacks=[MarginWarmup(layer)])
weights_after = model.get_weights()
