# source: https://github.com/keras-team/keras/issues/9477
# framework: TF
# "Tricky Question: Clever ideas for a fine tuning callback?": to keep one run (optimizer, logs,
# callbacks) across training and fine tuning, the user writes a `FineTuningCallback` that "unlocks
# layers to make them trainable and resets the learning rate to a new initial value" at a given
# epoch inside `fit`, instead of compiling again (the debug version only sets the learning rate).
# Reduced to a small model whose first layer starts frozen and a callback that, at the fine-tuning
# epoch, sets `trainable = True` on every layer and lowers the learning rate (the application
# model and data generators left out). `fit` traced its step with the layer frozen and keeps it:
# the unlocked layer silently never trains, while the eager run, which reads the trainable
# variables at every step, stops with the optimizer's ValueError (built for the frozen set).
# verify: c.error is None and close(c.first_after, c.first_before) and "ValueError" in e.error
import numpy as np
import keras
from keras import layers


class FineTuningCallback(keras.callbacks.Callback):
    """Switch to fine tuning mode at the specified epoch

    Unlocks layers to make them trainable and resets the learning rate
    to a new initial value.
    """

    def __init__(self, epoch=2, lr=1e-3):
        super().__init__()
        self.fine_tuning_epoch = epoch
        self.lr = lr

    def on_epoch_begin(self, epoch, logs=None):
        if epoch == self.fine_tuning_epoch:
            for layer in self.model.layers:
                layer.trainable = True  # label: ACC6
            self.model.optimizer.learning_rate.assign(self.lr)
            print("fine tuning from epoch", epoch)


keras.utils.set_random_seed(0)
model = keras.Sequential([keras.Input((8,)), layers.Dense(8, name="pretrained"), layers.Dense(1, name="top")])
model.layers[0].trainable = False
model.compile(optimizer=keras.optimizers.SGD(learning_rate=0.1), loss="mse")
x = np.random.rand(32, 8).astype("float32")
y = np.random.rand(32, 1).astype("float32")
first_before = model.layers[0].get_weights()[0].copy()
error = None
try:
    model.fit(x, y, batch_size=32, epochs=4, shuffle=False, verbose=0, callbacks=[FineTuningCallback(2)])
except Exception as exc:
    error = f"{type(exc).__name__}: {exc}"
first_after = model.layers[0].get_weights()[0]
print(error, np.abs(first_after - first_before).max())
