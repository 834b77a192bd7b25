# source: https://github.com/keras-team/keras/issues/13368
# framework: TF
# "Recompiling Keras Model in Callback during Training": "I'm trying to freeze some layers and
# update the loss weights in a Callback during training. But I realized that recompiling the model
# isn't working in the callback." A callback that freezes the first layer after the first epoch:
# the train function `fit` built on its first step keeps updating that layer (Keras 3.15), where
# the train step run eagerly (the eager twin) reads the trainable weights again and stops. The
# loss-weight half of the report is left out (a Python float baked the same way).
# verify: c.layer_moved_after_freeze and not e.layer_moved_after_freeze
import numpy as np
import tensorflow as tf
from tensorflow import keras


class FreezeCallback(keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        global kernel_at_freeze
        if epoch == 0:
            self.model.get_layer("encoder").trainable = False  # label: ACC6
            kernel_at_freeze = self.model.get_layer("encoder").kernel.numpy().copy()


keras.utils.set_random_seed(0)
inputs = keras.Input((6,))
hidden = keras.layers.Dense(8, name="encoder")(inputs)
outputs = keras.layers.Dense(2, name="head")(hidden)
model = keras.Model(inputs, outputs)
model.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse")
x = np.random.RandomState(1).rand(48, 6).astype("float32")
y = np.random.RandomState(2).rand(48, 2).astype("float32")
kernel_at_freeze = None
model.fit(x, y, epochs=3, batch_size=12, verbose=0, callbacks=[FreezeCallback()])
layer_moved_after_freeze = not np.allclose(kernel_at_freeze, model.get_layer("encoder").kernel.numpy())
print(layer_moved_after_freeze)
