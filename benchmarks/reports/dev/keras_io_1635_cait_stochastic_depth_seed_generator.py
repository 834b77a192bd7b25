# source: https://github.com/keras-team/keras-io/pull/1635
# framework: TF
# The CaiT example ported to Keras 3: StochasticDepth draws its mask with
# `keras.random.uniform(shape, 0, 1, seed=self.seed_generator)` in `call(training=True)` (the
# reviewer's request: a seed generator built in the constructor). Under the TF backend's
# compiled train step the generator's state is a variable, so each step draws a new mask. Fine.
# label: none
# verify: len(set(c.masks)) > 1
import os

os.environ.setdefault("KERAS_BACKEND", "tensorflow")
import keras
from keras import layers, ops
import tensorflow as tf


class StochasticDepth(layers.Layer):
    def __init__(self, drop_prop, **kwargs):
        super().__init__(**kwargs)
        self.drop_prob = drop_prop
        self.seed_generator = keras.random.SeedGenerator(1337)

    def call(self, x, training=False):
        if training:
            keep_prob = 1 - self.drop_prob
            shape = (ops.shape(x)[0],) + (1,) * (len(x.shape) - 1)
            random_tensor = keep_prob + keras.random.uniform(shape, 0, 1, seed=self.seed_generator)
            random_tensor = ops.floor(random_tensor)
            return (x / keep_prob) * random_tensor
        return x


layer = StochasticDepth(0.5)
step = tf.function(lambda x: layer(x, training=True))
x = tf.ones((8, 3))
masks = [tuple(step(x).numpy()[:, 0].tolist()) for _ in range(6)]
print(masks)
