# source: https://keras.io/guides/writing_your_own_callbacks/
# run: wrong (graph printed 1 lines, eager 1; first difference: 'losses [16.0, 16.0, 16.0]' vs 'losses [16.0, 4.0, 1.778]')
# framework: TF
# property: P4
# Written at stop 44 before any change: a callback anneals a Python float the model's call reads
# (input noise scale), once per epoch; Keras traced call with the first value.
import keras
import numpy as np


class Denoiser(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(1, kernel_initializer="zeros", use_bias=False)
        self.shift = 4.0

    def call(self, x):
        return self.dense(x) + self.shift  # label[g]: ACC6


class Anneal(keras.callbacks.Callback):
    def on_epoch_begin(self, epoch, logs=None):
        self.model.shift = 4.0 / (epoch + 1)  # label[g]


model = Denoiser()
model.compile(optimizer=keras.optimizers.SGD(0.0), loss="mse")
h = model.fit(np.ones((8, 2)), np.zeros((8, 1)), batch_size=4, epochs=3, verbose=0,
              callbacks=[Anneal()])
print("losses", [round(v, 3) for v in h.history["loss"]])
