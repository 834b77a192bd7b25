# source: https://keras.io/api/models/model_training_apis/#compile-method
# run: fine (same output as eager)
# framework: TF
# property: P10
# label: none
# Written after the stop-43 changes: the model is compiled with run_eagerly=True in main(), so
# its train_step's Python branch on the loss runs as written.
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
        if loss > 1e-3:
            grads = tape.gradient(loss, self.trainable_variables)
            self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return {"objective": loss}


def main():
    model = Careful()
    model.compile(optimizer="sgd", run_eagerly=True)
    model.fit(np.ones((8, 2)), np.ones((8, 1)), batch_size=4, epochs=1, verbose=0)
    print("trained")


main()
