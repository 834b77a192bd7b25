# source: https://github.com/keras-team/keras/issues/9598
# framework: TF
# "How to update Loss Function parameter during Training?": a weighted categorical
# crossentropy `w_categorical_crossentropy(y_true, y_pred, weights)` is bound to a NumPy weight
# matrix with `functools.partial` and compiled; the user needs to change the weights after
# every epoch and asks how, without recompiling (recompiling resets the optimizer). Reduced to
# the partial over `w_array` and an epoch-end callback that changes `w_array` in place: the
# array was converted to a constant when `fit`'s step was traced, so the later epochs keep the
# first weights (the eager run follows the updates).
# verify: not close(c.losses, e.losses) and close(c.losses[0], c.losses[-1])
import functools
from itertools import product

import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import backend as K


def w_categorical_crossentropy(y_true, y_pred, weights):
    nb_cl = len(weights)
    final_mask = K.zeros_like(y_pred[:, 0])
    y_pred_max = K.max(y_pred, axis=1)
    y_pred_max = K.reshape(y_pred_max, (K.shape(y_pred)[0], 1))
    y_pred_max_mat = K.cast(K.equal(y_pred, y_pred_max), K.floatx())
    for c_p, c_t in product(range(nb_cl), range(nb_cl)):
        final_mask += (weights[c_t, c_p] * y_pred_max_mat[:, c_p] * y_true[:, c_t])  # label[w]: ACC6
    return K.categorical_crossentropy(y_true, y_pred) * final_mask


class UpdateWeights(keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        w_array[:] = w_array * 2.0  # label[w]


w_array = np.ones((2, 2), np.float32)
ncce = functools.partial(w_categorical_crossentropy, weights=w_array)
ncce.__name__ = "ncce"
keras.utils.set_random_seed(0)
model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, activation="softmax")])
model.compile(loss=ncce, optimizer=keras.optimizers.SGD(0.0), metrics=["accuracy"])
x = np.eye(3, dtype=np.float32)[[0, 1, 2, 0]]
y = np.eye(2, dtype=np.float32)[[0, 1, 0, 1]]
history = model.fit(x, y, epochs=3, batch_size=4, verbose=0, callbacks=[UpdateWeights()])
losses = history.history["loss"]
print(losses)
