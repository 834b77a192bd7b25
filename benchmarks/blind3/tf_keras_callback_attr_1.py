# source: blind57:tf_keras_callback_attr_1
# framework: TF
# A custom Keras model's `train_step` scales its loss by `self.aux_weight`, a Python float; a
# callback ramps it up at each epoch's start. `fit` traces the train function once, so the
# ramp never reaches the loss and the weights differ from an eager run.
# verify: not close(c.final_w, e.final_w)
import numpy as np
import keras
import tensorflow as tf


class AuxModel(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(1, kernel_initializer="zeros")
        self.aux_weight = 0.0

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            pred = self.dense(x)
            loss = tf.reduce_mean((pred - y) ** 2) * (1.0 + self.aux_weight)  # label[a]: ACC6
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return {"loss": loss}


class AuxRamp(keras.callbacks.Callback):
    def on_epoch_begin(self, epoch, logs=None):
        self.model.aux_weight = float(epoch)  # label[a]


def build(config):
    model = AuxModel()
    model.compile(optimizer=keras.optimizers.SGD(config["lr"]))
    return model


def main():
    x = np.ones((8, 2), np.float32)
    y = np.ones((8, 1), np.float32)
    model = build({"lr": 0.05})
    model.fit(x, y, epochs=4, batch_size=8, verbose=0, callbacks=[AuxRamp()])
    return model.dense.kernel.numpy()


final_w = main()
