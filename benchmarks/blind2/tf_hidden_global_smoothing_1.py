# source: blind56:tf_hidden_global_smoothing_1
# framework: TF
# A custom Keras loss reads the label-smoothing amount from a module global, and a callback
# anneals the global at the end of each epoch. Keras traces the train function once on the
# first batch: later epochs still train with the first smoothing value.
# verify: not close(c.losses, e.losses)
import keras
import numpy as np
import tensorflow as tf

LABEL_SMOOTHING = 0.3


def smoothed_crossentropy(y_true, y_pred):
    y_true = y_true * (1.0 - LABEL_SMOOTHING) + LABEL_SMOOTHING / 2.0  # label[a]: ACC6
    return keras.losses.binary_crossentropy(y_true, y_pred)


class SmoothingAnnealer(keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        global LABEL_SMOOTHING
        LABEL_SMOOTHING = LABEL_SMOOTHING * 0.1  # label[a]


def build_model():
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1, activation="sigmoid")])
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss=smoothed_crossentropy)
    return model


x = np.linspace(-1, 1, 32).reshape(8, 4).astype(np.float32)
y = (x.sum(axis=1, keepdims=True) > 0).astype(np.float32)
history = build_model().fit(x, y, epochs=4, batch_size=8, shuffle=False, verbose=0,
                            callbacks=[SmoothingAnnealer()])
losses = history.history["loss"]
