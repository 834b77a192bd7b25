# source: https://github.com/keras-team/keras/issues/13826
# framework: TF
# "Callback with add_loss method in Keras": a VAE with KL annealing, where a callback raises the
# KL weight during training. A user in the thread: "once the model is compiled it isn't
# possible to change its loss during training. I tried defining a custom loss with a function
# that takes in input the KL term but since the process start with KL term at 0.0 the entire
# training process is performed with that value"; the fix that works declares a `K.variable`
# for the weight and sets it. Reduced to the failing attempt: the custom loss reads a Python
# float `kl_weight` that a callback raises at every epoch end; `fit`'s traced train step keeps
# the 0.0 it read when it was traced, while the eager run follows the schedule.
# verify: not close(c.kl_losses, e.kl_losses) and close(c.kl_losses[0], c.kl_losses[-1])
import numpy as np
import tensorflow as tf
from tensorflow import keras

kl_weight = 0.0


def loss(y_true, y_pred):
    rec_loss = tf.reduce_mean(tf.square(y_true - y_pred))
    kl_loss = tf.reduce_mean(tf.square(y_pred))
    return rec_loss + kl_weight * kl_loss  # label[k]: ACC6


class KLAnnealing(keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        global kl_weight
        kl_weight = kl_weight + 1.0  # label[k]


keras.utils.set_random_seed(0)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(4)])
model.compile(optimizer=keras.optimizers.SGD(0.0), loss=loss)
x = np.ones((8, 4), np.float32)
history = model.fit(x, x, epochs=4, batch_size=8, verbose=0, callbacks=[KLAnnealing()])
kl_losses = history.history["loss"]
print(kl_losses)
