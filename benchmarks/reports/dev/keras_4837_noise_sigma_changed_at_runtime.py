# source: https://github.com/keras-team/keras/pull/4837
# framework: TF
# "Noise layer sigma modification capabality in runtime": the PR wants to raise a noise layer's
# sigma progressively during training by changing the layer's attribute; the maintainer: "As
# written, your approach wouldn't work. The correct thing to do here is to pass a symbolic
# variable to the layer's constructor and use a callback to modify its value during training."
# Reduced to a Gaussian noise layer whose `call` reads a Python float `self.sigma` and a callback
# that raises it at every epoch end: `fit`'s traced step keeps the first sigma (0.0), so no
# noise is ever added, while the eager run adds growing noise.
# verify: not close(c.losses, e.losses) and close(c.losses[0], c.losses[-1])
import numpy as np
import tensorflow as tf
from tensorflow import keras


class GaussianNoise(keras.layers.Layer):
    def __init__(self, sigma, **kwargs):
        super().__init__(**kwargs)
        self.sigma = sigma

    def call(self, inputs, training=None):
        return inputs + tf.random.normal(tf.shape(inputs), stddev=self.sigma)  # label[s]: ACC6


class RaiseSigma(keras.callbacks.Callback):
    def __init__(self, layer):
        super().__init__()
        self.layer = layer

    def on_epoch_end(self, epoch, logs=None):
        self.layer.sigma = self.layer.sigma + 0.5  # label[s]


keras.utils.set_random_seed(0)
noise = GaussianNoise(0.0)
model = keras.Sequential([keras.Input((4,)), noise, keras.layers.Dense(1)])
model.compile(optimizer=keras.optimizers.SGD(0.0), loss="mse")
x = np.ones((64, 4), np.float32)
y = np.zeros((64, 1), np.float32)
history = model.fit(x, y, epochs=4, batch_size=64, verbose=0, callbacks=[RaiseSigma(noise)])
losses = history.history["loss"]
print(losses)
