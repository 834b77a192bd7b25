# source: blind58:acc607_tf_callback_train_step_2
# framework: TF
# A model's custom train_step reads a Python float `self.alpha` (the weight of an auxiliary
# loss); a callback raises it at the end of every epoch. The train function was built in the
# first epoch and is kept for the rest of fit, so alpha never changes inside it.
# verify: not close(c.weights_after, e.weights_after)
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
            pred = self.dense(x)
            aux = tf.reduce_sum(self.dense.kernel ** 2)
            loss = tf.reduce_mean((pred - y) ** 2) + self.alpha * aux  # label[a]: ACC607
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return {"loss": loss}


class AlphaWarmup(keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        self.model.alpha = 0.5 * (epoch + 1)  # label[a]


model = AuxModel()
model.compile(optimizer=keras.optimizers.SGD(0.01))
x, y = np.ones((8, 2), "float32"), np.zeros((8, 1), "float32")
model.fit(x, y, epochs=4, batch_size=8, verbose=0, callbacks=[AlphaWarmup()])
weights_after = model.get_weights()
