# source: https://keras.io/api/ops/core/#cond-function
# run: fine (same output as eager)
# framework: TF
# property: P10
# label: none
# The look-alike: the branch is keras.ops.where on tensors, and the Python if tests a Python flag.
import keras
import numpy as np
import tensorflow as tf


class Careful(keras.Model):
    def __init__(self, clip):
        super().__init__()
        self.dense = keras.layers.Dense(1)
        self.clip = clip

    def call(self, x):
        return self.dense(x)

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            loss = keras.ops.mean((self(x) - y) ** 2)
        grads = tape.gradient(loss, self.trainable_variables)
        scale = keras.ops.where(loss > 1e-3, 1.0, 0.0)
        if self.clip:
            grads = [keras.ops.clip(g, -1.0, 1.0) * scale for g in grads]
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return {"loss": loss}


model = Careful(clip=True)
model.compile(optimizer="sgd")
model.fit(np.ones((8, 2)), np.ones((8, 1)), batch_size=4, epochs=1, verbose=0)
print("trained")
