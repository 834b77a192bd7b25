# source: https://keras.io/guides/custom_train_step_in_tensorflow/
# run: wrong (graph printed 1 lines, eager 1; first difference: 'losses [2.0, 2.0, 2.0]' vs 'losses [2.0, 1.5, 1.25]')
# framework: TF
# property: P4
# A Keras model's train_step reads a Python float attribute that a callback lowers each epoch.
import keras
import numpy as np

class Distiller(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(1, kernel_initializer="ones")
        self.temperature = 1.0

    def call(self, x):
        return self.dense(x)

    def train_step(self, data):
        x, y = data
        loss = keras.ops.mean((self(x) - y) ** 2) + self.temperature  # label[g]: ACC6
        return {"objective": loss}


class Cool(keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        self.model.temperature = self.model.temperature / 2  # label[g]


model = Distiller()
model.compile(optimizer="sgd")
h = model.fit(np.ones((8, 2)), np.ones((8, 1)), batch_size=4, epochs=3, verbose=0, callbacks=[Cool()])
print("losses", [round(v, 3) for v in h.history["objective"]])
