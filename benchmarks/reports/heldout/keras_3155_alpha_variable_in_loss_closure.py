# source: https://github.com/keras-team/keras/issues/3155
# framework: TF
# "Access epoch number inside custom loss function": the loss is made by a closure,
# `alphabinary(alpha)` returning `alpha * K.mean(K.binary_crossentropy(...))`, and the asker
# wants `alpha` to follow the epoch. The answer: `alpha = K.variable(1.)` and a Callback that
# does `K.set_value(self.alpha, K.get_value(self.alpha) * epoch**0.95)` at epoch end; a later
# comment: "I have created a Callback, but its value is not dynamically updating within my
# custom loss." The thread's variable, closure and callback with Keras 3's `tf.keras.backend`:
# the loss reads the variable on every traced step, so the set value applies from the next
# epoch as in eager (here 0 after epoch 0, as `0**0.95` makes it): fine.
# label: none
# verify: close(c.losses, e.losses) and c.losses[-1] == 0.0
import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import backend as K


def alphabinary(alpha):
    def binary_cross(y_true, y_pred):
        return alpha * K.mean(K.binary_crossentropy(y_true, y_pred), axis=-1)
    return binary_cross


alpha = K.variable(1.)


class NewCallback(keras.callbacks.Callback):
    def __init__(self, alpha):
        super().__init__()
        self.alpha = alpha

    def on_epoch_end(self, epoch, logs={}):
        K.set_value(self.alpha, K.get_value(self.alpha) * epoch**0.95)


keras.utils.set_random_seed(0)
model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, activation="sigmoid")])
model.compile(optimizer=keras.optimizers.SGD(0.0), loss=alphabinary(alpha))
x = np.ones((4, 2), np.float32)
y = np.ones((4, 1), np.float32)
history = model.fit(x, y, epochs=4, batch_size=4, verbose=0, callbacks=[NewCallback(alpha)])
losses = history.history["loss"]
print(losses)
