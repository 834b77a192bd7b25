# source: https://github.com/nasa/delta/issues/58
# framework: TF
# "Set Trainable Callback Doesn't Work": DELTA's callback that makes layers trainable from a given
# epoch on has no effect, "Apparently you need to recompile ... You also can't recompile the model
# during the training." Written as the issue describes it: the pretrained layers start frozen and
# a callback sets them trainable after the first epoch. The running `fit` keeps the train function
# it built with the layers frozen (Keras 3.15), so they never train; run eagerly (the eager twin)
# the step reads the weights again, and the optimizer refuses the variables it was not built with.
# verify: not c.unfrozen_trained and e.error is not None
import numpy as np
import tensorflow as tf
from tensorflow import keras


class SetTrainable(keras.callbacks.Callback):
    def __init__(self, layer_name, trainable_epoch):
        super().__init__()
        self.layer_name = layer_name
        self.trainable_epoch = trainable_epoch

    def on_epoch_begin(self, epoch, logs=None):
        if epoch == self.trainable_epoch:
            self.model.get_layer(self.layer_name).trainable = True  # label: ACC6


keras.utils.set_random_seed(0)
inputs = keras.Input((6,))
pretrained = keras.layers.Dense(8, name="pretrained")
pretrained.trainable = False
outputs = keras.layers.Dense(1, name="head")(pretrained(inputs))
model = keras.Model(inputs, outputs)
model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
x = np.random.RandomState(0).rand(48, 6).astype("float32")
y = x.sum(axis=1, keepdims=True)
before = None
error = None
model.fit(x[:12], y[:12], epochs=1, verbose=0)
before = pretrained.kernel.numpy().copy()
try:
    model.fit(x, y, epochs=3, batch_size=12, verbose=0, callbacks=[SetTrainable("pretrained", 1)])
except ValueError as err:
    error = str(err)[-100:]
unfrozen_trained = not np.allclose(before, pretrained.kernel.numpy())
print(unfrozen_trained, error)
