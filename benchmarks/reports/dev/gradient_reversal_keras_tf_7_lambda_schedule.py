# source: https://github.com/michetonu/gradient_reversal_keras_tf/issues/7
# framework: TF
# "Lambda schedule": the repository's gradient reversal layer takes `hp_lambda` at construction;
# the issue asks how to vary lambda during training (lambda(p) = 2/(1+exp(-10p))-1), and the
# author has no good idea how. Reduced to the layer, its custom gradient scaled by the Python
# float `self.hp_lambda`, and the natural attempt - a callback that sets `layer.hp_lambda` at
# every epoch end: `fit`'s traced step keeps the lambda of its trace, so the reversed gradient
# never changes, while the eager run follows the schedule.
# verify: not close(c.features_w, e.features_w)
import numpy as np
import tensorflow as tf
from tensorflow import keras


class GradientReversal(keras.layers.Layer):
    def __init__(self, hp_lambda, **kwargs):
        super().__init__(**kwargs)
        self.hp_lambda = hp_lambda

    def call(self, x):
        hp_lambda = self.hp_lambda  # label[l]: ACC6

        @tf.custom_gradient
        def reverse(x):
            def grad(dy):
                return -hp_lambda * dy
            return tf.identity(x), grad

        return reverse(x)


class LambdaSchedule(keras.callbacks.Callback):
    def __init__(self, layer, epochs):
        super().__init__()
        self.layer, self.epochs = layer, epochs

    def on_epoch_begin(self, epoch, logs=None):
        p = epoch / self.epochs
        self.layer.hp_lambda = float(2.0 / (1.0 + np.exp(-10 * p)) - 1)  # label[l]


keras.utils.set_random_seed(0)
grl = GradientReversal(0.0)
features = keras.layers.Dense(2, kernel_initializer="ones")
model = keras.Sequential([keras.Input((2,)), features, grl, keras.layers.Dense(1, kernel_initializer="ones")])
model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
x = np.ones((4, 2), np.float32)
y = np.zeros((4, 1), np.float32)
model.fit(x, y, epochs=3, batch_size=4, verbose=0, callbacks=[LambdaSchedule(grl, 3)])
features_w = features.kernel.numpy()
print(features_w)
