# source: https://github.com/bayesflow-org/bayesflow/issues/223
# framework: TF
# The consistency model tracks its training step with `self.current_step += 1` in the step that
# Keras compiles: with JIT compilation on, the increment runs when the step is traced, not on
# every batch ("not supported in TensorFlow and Jax ... we have to track the step as a
# Variable"), so the discretization schedule read from it never advances. A Keras model with
# a custom `train_step` stands for the approximator; fit runs `num_epochs` over four batches.
# Written from the report's description (the stored thread quotes the one line, not the model).
# verify: c.steps_seen < e.steps_seen and e.steps_seen == 4 * c.num_epochs
import numpy as np
import tensorflow as tf
from tensorflow import keras


class ConsistencyModel(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(1)
        self.current_step = 0

    def call(self, x):
        return self.dense(x)

    def train_step(self, data):
        x, y = data
        self.current_step += 1  # label: ACC4
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((self(x) - y) ** 2)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return {"loss": loss}


model = ConsistencyModel()
model.compile(optimizer="sgd")
num_epochs = 3
model.fit(np.ones((8, 2), "float32"), np.zeros((8, 1), "float32"), batch_size=2,
          epochs=num_epochs, verbose=0)
steps_seen = model.current_step
print(steps_seen)
