# source: https://github.com/keunwoochoi/kapre/issues/35
# framework: TF
# kapre's `AdditiveNoise.call` draws the noise power with `np.random.uniform(0.0, self.power)`:
# a NumPy draw, so in a traced call it runs once, while tracing, and every later call adds
# noise of that one standard deviation; eagerly each call draws a new one. The Keras 2 backend
# calls are written with tf.random.normal (K.in_train_phase is gone in Keras 3; training is
# assumed); the layer is called five times through one tf.function and the noise's standard
# deviation measured on a large zero input.
# verify: max(c.stds) - min(c.stds) < 0.02 and max(e.stds) - min(e.stds) > 0.05
import numpy as np
import tensorflow as tf


class AdditiveNoise(tf.keras.layers.Layer):
    def __init__(self, power=1.0, random_gain=True, **kwargs):
        super().__init__(**kwargs)
        self.power = power
        self.random_gain = random_gain

    def call(self, x):
        if self.random_gain:
            noise_x = x + tf.random.normal(shape=tf.shape(x), mean=0.0,
                                           stddev=np.random.uniform(0.0, self.power))  # label: ACC1
        else:
            noise_x = x + tf.random.normal(shape=tf.shape(x), mean=0.0, stddev=self.power)
        return noise_x


np.random.seed(0)
layer = AdditiveNoise(power=1.0)


@tf.function
def apply(x):
    return layer(x)


zeros = tf.zeros([20000])
stds = [float(tf.math.reduce_std(apply(zeros))) for _ in range(5)]
print(stds)
