# source: https://keras.io/guides/custom_train_step_in_tensorflow/
# run: wrong (graph printed 1 lines, eager 1; first difference: 'losses [1.0, 1.0, 1.0]' vs 'losses [1.0, 2.0, 3.0]')
# framework: TF
# property: P3
# A Keras train_step weights its loss by a module-level factor that a callback anneals per epoch.
import keras
import numpy as np
import tensorflow as tf

KL_WEIGHT = 0.0


class Annealer(keras.callbacks.Callback):
    def on_epoch_begin(self, epoch, logs=None):
        global KL_WEIGHT
        KL_WEIGHT = float(epoch)  # label[g]


class Model(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(1, kernel_initializer="ones")

    def call(self, x):
        return self.dense(x)

    def train_step(self, data):
        x, y = data
        loss = keras.ops.mean((self(x) - y) ** 2) + KL_WEIGHT  # label[g]: ACC6
        return {"objective": loss}


model = Model()
model.compile(optimizer="sgd")
h = model.fit(np.ones((8, 2)), np.ones((8, 1)), batch_size=4, epochs=3, verbose=0, callbacks=[Annealer()])
print("losses", [round(v, 3) for v in h.history["objective"]])
