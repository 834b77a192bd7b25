# source: blind56:tf_hidden_layer_attr_3
# framework: TF
# A Keras layer scales its input by `self.gain`, a Python float that a callback raises after
# every epoch (a ramp-up). Keras traced the train function on the first batch, so the gain
# seen by training never moves past its first value.
# verify: not close(c.losses, e.losses)
import keras
import numpy as np


class Gain(keras.layers.Layer):
    def __init__(self, gain=0.1, **kwargs):
        super().__init__(**kwargs)
        self.gain = gain

    def call(self, x):
        return x * self.gain  # label[a]: ACC6


class GainRamp(keras.callbacks.Callback):
    def __init__(self, layer):
        super().__init__()
        self.layer = layer

    def on_epoch_end(self, epoch, logs=None):
        self.layer.gain = min(1.0, self.layer.gain * 3.0)  # label[a]


def build(gain_layer):
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((3,)), gain_layer, keras.layers.Dense(1)])
    model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
    return model


gain = Gain()
x = np.ones((8, 3), np.float32)
y = np.full((8, 1), 2.0, np.float32)
history = build(gain).fit(x, y, epochs=4, batch_size=4, shuffle=False, verbose=0,
                          callbacks=[GainRamp(gain)])
losses = history.history["loss"]
