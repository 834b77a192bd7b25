# source: https://github.com/tensorflow/tensorflow/issues/40740
# framework: TF
# "First example in keras guide 'customizing_what_happens_in_fit' does not work": the reporter set
# a debugger breakpoint in the overridden `train_step` and it was never hit per step. `fit` wraps
# `train_step` in a tf.function: the Python body runs while tracing, and the training itself
# happens in the graph on every batch (the loss goes down). Fine. The guide's first example on
# random data, in Keras 3's current `train_step` spelling.
# label: none
# verify: c.tf["train_step"] <= 2 and c.history[-1] < c.history[0]
import numpy as np
import tensorflow as tf
from tensorflow import keras


class CustomModel(keras.Model):
    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(y=y, y_pred=y_pred)
        gradients = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply(gradients, self.trainable_variables)
        for metric in self.metrics:
            if metric.name == "loss":
                metric.update_state(loss)
            else:
                metric.update_state(y, y_pred)
        return {m.name: m.result() for m in self.metrics}


inputs = keras.Input(shape=(32,))
outputs = keras.layers.Dense(1)(inputs)
model = CustomModel(inputs, outputs)
model.compile(optimizer="adam", loss="mse", metrics=["mae"])
np.random.seed(0)
x = np.random.random((1000, 32))
y = np.random.random((1000, 1))
history = model.fit(x, y, epochs=3, verbose=0).history["loss"]
