# source: https://github.com/keras-team/keras/issues/3268
# framework: TF
# "froze layer, but weights still changed": "I found if I set 'trainable' to false in callback,
# the layer will not be frozen." The training step `fit` runs was built with the trainable
# weights of its first call; a callback that sets `layer.trainable = False` after the first
# epoch changes nothing in that step, and the layer keeps training. Run with the train function
# executed eagerly (the eager twin) the weights list is read on every step and the layer stops.
# Reduced: a two-layer regression model, three epochs, the freeze after epoch 0 (Keras 3.15).
# verify: c.changed_after_freeze and not e.changed_after_freeze
import numpy as np
import tensorflow as tf
from tensorflow import keras


class FreezeFirstLayer(keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        global frozen_kernel
        if epoch == 0:
            self.model.layers[0].trainable = False  # label: ACC6
            frozen_kernel = self.model.layers[0].kernel.numpy().copy()


keras.utils.set_random_seed(0)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8), keras.layers.Dense(1)])
model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
x = np.random.RandomState(0).rand(64, 4).astype("float32")
y = x.sum(axis=1, keepdims=True)
frozen_kernel = None
model.fit(x, y, epochs=3, batch_size=16, verbose=0, callbacks=[FreezeFirstLayer()])
changed_after_freeze = not np.allclose(frozen_kernel, model.layers[0].kernel.numpy())
print(changed_after_freeze)
