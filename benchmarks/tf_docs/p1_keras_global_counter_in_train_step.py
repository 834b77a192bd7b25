# source: https://keras.io/guides/custom_train_step_in_tensorflow/
# run: wrong (graph printed 1 lines, eager 1; first difference: 'batches seen 2' vs 'batches seen 16')
# framework: TF
# property: P1
# A Keras model overriding train_step counts the batches it has seen in a module-level counter.
import keras
import numpy as np
import tensorflow as tf

BATCHES_SEEN = 0


class Regressor(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(1)

    def call(self, x):
        return self.dense(x)

    def train_step(self, data):
        global BATCHES_SEEN
        BATCHES_SEEN += 1  # label: ACC405
        x, y = data
        with tf.GradientTape() as tape:
            loss = keras.ops.mean((self(x) - y) ** 2)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return {"loss": loss}


model = Regressor()
model.compile(optimizer="sgd")
model.fit(np.ones((32, 2)), np.ones((32, 1)), batch_size=4, epochs=2, verbose=0)
print("batches seen", BATCHES_SEEN)
