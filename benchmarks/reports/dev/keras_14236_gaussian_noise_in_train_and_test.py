# source: https://github.com/keras-team/keras/issues/14236
# framework: TF
# label: none
# "I want to know how to mock a noisy in model": the user adds Gaussian noise in the middle of a
# model, in both training and testing, by rewriting `keras.layers.GaussianNoise`, and asks
# whether the noise is fixed or new in every loop. Reduced to that rewrite (a layer whose `call`
# always adds `keras.random.normal` noise drawn with its SeedGenerator) inside a model run by
# `predict`: Keras traces the predict step once and the generator's state is a variable that
# advances on every call, so each predict draws new noise.
# verify: c.distinct == 5
import numpy as np
import tensorflow as tf
from tensorflow import keras


class AlwaysGaussianNoise(keras.layers.Layer):
    def __init__(self, stddev, seed=None, **kwargs):
        super().__init__(**kwargs)
        self.stddev = stddev
        self.seed_generator = keras.random.SeedGenerator(seed)

    def call(self, inputs, training=None):
        return inputs + keras.random.normal(
            shape=tf.shape(inputs), mean=0.0, stddev=self.stddev, seed=self.seed_generator
        )


model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(3), AlwaysGaussianNoise(0.5, seed=1), keras.layers.Dense(1)])
x = np.ones((2, 3), dtype="float32")
outs = [float(model.predict(x, verbose=0).sum()) for _ in range(5)]
distinct = len(set(round(o, 5) for o in outs))
print(outs)
