# source: https://github.com/keras-team/keras/issues/2595
# framework: TF
# label: none
# "changeable loss weights for multiple output": the answer passes `K.variable`s as
# `loss_weights` and changes them in a callback; the asker first tried rebinding the callback's
# attributes, then used `K.set_value(self.alpha, K.get_value(self.alpha) / 1.5)` at epoch 2,
# which "works". Reduced with Keras 3, where the weights are `keras.Variable`s (Keras 3 accepts
# them since keras#20306) set in `on_epoch_end` (with `assign`: Keras 3's `K.set_value` does
# not take a `keras.Variable`): the variable is read by
# the traced step on every call, so the weighted loss follows the new values as in eager.
# verify: close(c.losses, e.losses) and not close(c.losses[0], c.losses[-1])
import numpy as np
import tensorflow as tf
from tensorflow import keras


class MyCallback(keras.callbacks.Callback):
    def __init__(self, alpha, beta):
        super().__init__()
        self.alpha = alpha
        self.beta = beta

    def on_epoch_end(self, epoch, logs={}):
        if epoch == 1:
            self.alpha.assign(self.alpha.numpy() / 1.5)
            self.beta.assign(self.beta.numpy() * 1.5)


alpha = keras.Variable(0.5, trainable=False)
beta = keras.Variable(0.5, trainable=False)
inputs = keras.Input((2,))
out_a = keras.layers.Dense(1, name="a", kernel_initializer="ones")(inputs)
out_b = keras.layers.Dense(1, name="b", kernel_initializer="zeros")(inputs)
model = keras.Model(inputs, [out_a, out_b])
model.compile(optimizer=keras.optimizers.SGD(0.0), loss=["mse", "mse"], loss_weights=[alpha, beta])
x = np.ones((4, 2), np.float32)
history = model.fit(x, [np.zeros((4, 1)), np.ones((4, 1))], epochs=4, verbose=0, callbacks=[MyCallback(alpha, beta)])
losses = history.history["loss"]
print(losses)
