# source: https://github.com/cms-tau-pog/TauMLTools/pull/109
# framework: TF
# "Updated Phase 2 configurations, and my implementation of a new loss function": the custom
# `train_step` of `DeepTauModel` stores `self.y`, `self.y_pred` on the model, and an
# `UpdatedLossCallback.on_train_batch_end` reads them to accumulate working points. The reviewer:
# "which part of the code requires eager execution?" - the author: this one, and the script runs
# with `tf.config.run_functions_eagerly(True)`. Without it `fit` traces `train_step`, the stored
# values are graph tensors of that trace, and the callback cannot use them. Reduced: the model's
# step, the callback's first-batch branch, a 4-class softmax model (Keras 3.15).
# verify: c.error is not None and e.error is None
import numpy as np
import tensorflow as tf
from tensorflow import keras


class DeepTauModel(keras.Model):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.loss_tracker = keras.metrics.Mean(name="loss")

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)  # Forward pass
            loss = tf.reduce_mean(keras.losses.categorical_crossentropy(y, y_pred))
        trainable_vars = self.trainable_variables
        gradients = tape.gradient(loss, trainable_vars)
        self.optimizer.apply_gradients(zip(gradients, trainable_vars))
        self.loss_tracker.update_state(loss)
        metrics_out = {m.name: m.result() for m in self.metrics}
        self.x = x
        self.y = y  # label[g]: ACC4
        self.y_pred = y_pred  # label[g]
        return metrics_out


class UpdatedLossCallback(keras.callbacks.Callback):
    def on_epoch_begin(self, epoch, logs=None):
        self.res = {}

    def on_train_batch_end(self, batch, logs=None):
        for typ, ID in zip(["e", "mu", "jet"], [0, 1, 3]):
            self.res[typ] = tf.where(self.model.y[:, ID] == 1.0, self.model.y_pred[:, 2] / (self.model.y_pred[:, 2] + self.model.y_pred[:, ID]), -1)


inputs = keras.Input((6,))
outputs = keras.layers.Dense(4, activation="softmax")(inputs)
model = DeepTauModel(inputs, outputs)
model.compile(optimizer="adam")
rng = np.random.RandomState(0)
x = rng.rand(32, 6).astype("float32")
y = keras.utils.to_categorical(rng.randint(4, size=32), 4)
error = None
try:
    model.fit(x, y, batch_size=8, epochs=1, verbose=0, callbacks=[UpdatedLossCallback()])
except Exception as exc:
    error = type(exc).__name__
print(error)
