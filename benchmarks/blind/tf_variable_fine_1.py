# source: blind55:tf_variable_fine_1
# framework: TF
# label: none
# The auxiliary weight kept in a tf.Variable that the callback assigns: the graph reads the
# variable on every step, so the ramp takes effect.
# verify: close(c.logged, e.logged)
import numpy as np
import tensorflow as tf
from tensorflow import keras


class AuxModel(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(1)
        self.aux_weight = tf.Variable(0.0, trainable=False)

    def call(self, x):
        return self.dense(x)

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            pred = self(x, training=True)
            main = tf.reduce_mean((pred - y) ** 2)
            loss = main + self.aux_weight * tf.reduce_mean(pred ** 2)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return {"weighted": loss - main}


class RampAux(keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        self.model.aux_weight.assign_add(1.0)


keras.utils.set_random_seed(0)
model = AuxModel()
model.compile(optimizer=keras.optimizers.SGD(0.0))
x, y = np.ones((8, 2), np.float32), np.ones((8, 1), np.float32)
hist = model.fit(x, y, epochs=4, batch_size=8, verbose=0, callbacks=[RampAux()])
logged = hist.history["weighted"]
