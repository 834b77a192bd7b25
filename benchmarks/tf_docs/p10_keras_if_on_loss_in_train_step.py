# source: https://keras.io/guides/custom_train_step_in_tensorflow/
# run: error (OperatorNotAllowedInGraphError: Using a symbolic `tf.Tensor` as a Python `bool` is not allowed. You can attempt the following resolutions to the problem: If you are running in Graph mode, use Eager ex)
# framework: TF
# property: P10
# A Keras model's train_step skips the update when the loss is already small.
import keras
import numpy as np
import tensorflow as tf


class Careful(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(1)

    def call(self, x):
        return self.dense(x)

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            loss = keras.ops.mean((self(x) - y) ** 2)
        if loss > 1e-3:  # label: ACC201
            grads = tape.gradient(loss, self.trainable_variables)
            self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return {"loss": loss}


model = Careful()
model.compile(optimizer="sgd")
model.fit(np.ones((8, 2)), np.ones((8, 1)), batch_size=4, epochs=1, verbose=0)
print("trained")
