# source: https://github.com/keras-team/keras/issues/15893
# framework: TF
# "Error in using compile inside Callback class": a fine-tuning callback unfreezes layers after a
# few epochs, `layer.trainable = True` in `on_epoch_end`, and compiles the model again in the
# callback ("must re-compile after freeze redefinition"); on TF 2.4 the fit then failed with
# TypeError: 'NoneType' object is not callable. Reduced to a small model with a frozen first layer
# (the user's `args.unfreeze_layer_idx`, `args.freeze_bn` and distribution strategy left out), a
# 4-epoch fit and the callback unfreezing after epoch 1. The user's recompile in the callback is
# left out: on Keras 3.15 it still raises that TypeError, in the eager run too (an API error, not a
# trace). Without it, the step `fit` traced with the layer frozen is kept for the remaining epochs:
# the unfrozen layer silently never trains, while the eager run, which reads `trainable_variables`
# at every step, stops with the optimizer's ValueError (it was built for the frozen set).
# verify: c.error is None and close(c.first_after, c.first_before) and "ValueError" in e.error
import numpy as np
import tensorflow as tf
import keras
from keras import layers


class UnFreezeCallback(tf.keras.callbacks.Callback):
    def __init__(self, n_epochs):
        super().__init__()
        self.n_epochs = n_epochs

    def on_epoch_end(self, epoch, logs=None):
        print("This is epoch number: {}".format(epoch))
        if epoch == self.n_epochs - 1 and self.n_epochs != 0:
            print("Open entire model for training")
            for layer in self.model.layers:
                layer.trainable = True  # label: ACC6


keras.utils.set_random_seed(0)
inputs = keras.Input((8,))
base = layers.Dense(8, name="base")
base.trainable = False  # the transfer-learning phase
model = keras.Model(inputs, layers.Dense(1, name="head")(base(inputs)))
model.compile(optimizer="sgd", loss="mse")
data = np.random.rand(32, 9).astype("float32")
first_before = np.array(base.kernel)
error = None
try:
    model.fit(data[:, :8], data[:, 8:], batch_size=32, epochs=4, shuffle=False, verbose=0,
              callbacks=[UnFreezeCallback(2)])
except Exception as exc:
    error = f"{type(exc).__name__}: {exc}"
first_after = np.array(base.kernel)
print(error, float(np.abs(first_after - first_before).max()))
