# source: blind58:acc607_tf_loss_object_gamma_3
# framework: TF
# A focal-style loss object keeps `gamma` as a Python float; a tuning helper holding the same
# loss object changes gamma between two fit() calls. The kept train function still computes
# the loss with the first gamma.
# verify: not close(c.weights_after, e.weights_after)
import keras
import numpy as np


class PowerLoss(keras.losses.Loss):
    def __init__(self, gamma=1.0):
        super().__init__()
        self.gamma = gamma

    def call(self, y_true, y_pred):
        return keras.ops.mean(keras.ops.abs(y_pred - y_true) ** self.gamma)  # label[a]: ACC607


class Tuner:
    def __init__(self, loss):
        self.loss = loss

    def harden(self):
        self.loss.gamma = 3.0  # label[a]


loss = PowerLoss(gamma=2.0)
model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, kernel_initializer="ones")])
model.compile(optimizer=keras.optimizers.SGD(0.01), loss=loss)
x, y = np.ones((8, 2), "float32"), np.zeros((8, 1), "float32")
model.fit(x, y, epochs=1, batch_size=8, verbose=0)
Tuner(loss).harden()
model.fit(x, y, epochs=2, batch_size=8, verbose=0)
weights_after = model.get_weights()
