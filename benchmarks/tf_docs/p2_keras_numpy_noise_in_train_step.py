# source: https://keras.io/guides/custom_train_step_in_tensorflow/
# run: wrong (graph printed 1 lines, eager 1; first difference: 'losses [0.525, 0.222, 0.094]' vs 'losses [0.632, 0.183, 0.229]')
# framework: TF
# property: P2
# A Keras model whose train_step adds input noise drawn with NumPy, a noise-robust regressor.
import keras
import numpy as np
import tensorflow as tf


class NoisyRegressor(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(1, kernel_initializer="zeros")

    def call(self, x):
        return self.dense(x)

    def train_step(self, data):
        x, y = data
        x = x + np.random.uniform(-1.0, 1.0)  # label: ACC101
        with tf.GradientTape() as tape:
            loss = keras.ops.mean((self(x) - y) ** 2)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return {"objective": loss}


model = NoisyRegressor()
model.compile(optimizer=keras.optimizers.SGD(0.01))
history = model.fit(np.ones((16, 2)), np.ones((16, 1)), batch_size=4, epochs=3, verbose=0)
print("losses", [round(v, 3) for v in history.history["objective"]])
