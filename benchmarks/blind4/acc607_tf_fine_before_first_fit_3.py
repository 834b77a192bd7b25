# source: blind58:acc607_tf_fine_before_first_fit_3
# framework: TF
# label: none
# A custom train_step reads a Python float `self.alpha`, set by a configuration helper after
# compile() but before the first fit: the train function is built with the final value.
# verify: close(c.weights_after, e.weights_after)
import keras
import numpy as np
import tensorflow as tf


class AuxModel(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(1, kernel_initializer="ones")
        self.alpha = 0.0

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((self.dense(x) - y) ** 2)
            loss = loss + self.alpha * tf.reduce_sum(self.dense.kernel ** 2)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return {"loss": loss}


def configure(model, cfg):
    model.alpha = cfg["alpha"]


model = AuxModel()
model.compile(optimizer=keras.optimizers.SGD(0.01))
configure(model, {"alpha": 2.0})
x, y = np.ones((8, 2), "float32"), np.zeros((8, 1), "float32")
model.fit(x, y, epochs=3, batch_size=8, verbose=0)
weights_after = model.get_weights()
