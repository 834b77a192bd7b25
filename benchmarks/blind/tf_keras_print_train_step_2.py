# source: blind55:tf_keras_print_train_step_2
# framework: TF
# A custom train_step prints the batch loss for debugging; Keras runs it as a traced function,
# so it prints while tracing only, not once per batch as the eager run does.
# verify: c.out.count('batch loss') <= 2 and e.out.count('batch loss') == 8
import numpy as np
import tensorflow as tf
from tensorflow import keras


class Verbose(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(1)

    def call(self, x):
        return self.dense(x)

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((self(x, training=True) - y) ** 2)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        print("batch loss", loss)  # label: ACC4
        return {"loss": loss}


model = Verbose()
model.compile(optimizer="sgd")
model.fit(np.ones((16, 2), np.float32), np.ones((16, 1), np.float32), epochs=2, batch_size=4, verbose=0)
