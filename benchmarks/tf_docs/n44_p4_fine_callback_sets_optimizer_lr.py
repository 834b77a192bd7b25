# source: https://keras.io/guides/writing_your_own_callbacks/#learning-rate-scheduling
# run: fine (same output as eager)
# framework: TF
# property: P4
# Written at stop 44 before any change (look-alike): the guide's learning-rate scheduler callback
# sets self.model.optimizer.learning_rate each epoch; that attribute is a variable Keras assigns,
# so the traced train step sees each new rate.
import keras
import numpy as np


class Schedule(keras.callbacks.Callback):
    def on_epoch_begin(self, epoch, logs=None):
        self.model.optimizer.learning_rate = 0.1 / (epoch + 1)  # label: none


model = keras.Sequential([keras.layers.Dense(1, kernel_initializer="zeros")])
model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
h = model.fit(np.ones((8, 2)), np.ones((8, 1)), batch_size=8, epochs=3, verbose=0,
              callbacks=[Schedule()])
print("losses", [round(v, 4) for v in h.history["loss"]])
