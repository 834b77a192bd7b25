# source: blind56:tf_train_step_print_1
# framework: TF
# A Keras model overrides `train_step` and logs each batch's loss through a helper that uses
# Python `print`. Keras runs `train_step` inside a traced function, so the print runs while
# tracing, not on each of the 8 batches the eager run logs.
# verify: c.out.count('batch loss') < e.out.count('batch loss')
import keras
import numpy as np
import tensorflow as tf


def log_batch(loss):
    print("batch loss", loss)  # label: ACC4


class LoggingModel(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(1)

    def call(self, x):
        return self.dense(x)

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            loss = keras.losses.mean_squared_error(y, self(x, training=True))
            loss = tf.reduce_mean(loss)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        log_batch(loss)
        return {"loss": loss}


model = LoggingModel()
model.compile(optimizer="sgd")
x = np.ones((16, 2), np.float32)
model.fit(x, np.zeros((16, 1), np.float32), epochs=2, batch_size=4, verbose=0)
