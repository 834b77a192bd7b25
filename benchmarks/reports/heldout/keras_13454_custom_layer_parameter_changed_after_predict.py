# source: https://github.com/keras-team/keras/issues/13454
# framework: TF
# "there is something wrong with the custom layer": "When I changed parameter 'multiple' of the
# custom layer in a model, nothing changed" - with `multiple = 2**50` the predictions should be
# a step, [0, 0, 1, 1]. Reduced to a layer returning `sigmoid(inputs * self.multiple)`: the first
# `predict` traces the predict function and reads `self.multiple` (2.0) into the graph; after the
# attribute is changed, `predict` reuses that graph and returns the old outputs (Keras 3.15, TF
# backend), where the eager twin steps.
# verify: not close(c.after, e.after) and close(e.after, [[0.0, 0.0, 1.0, 1.0]])
import numpy as np
import tensorflow as tf
from tensorflow import keras


class Stair(keras.layers.Layer):
    def __init__(self, multiple, **kwargs):
        super().__init__(**kwargs)
        self.multiple = multiple

    def call(self, inputs):
        return tf.sigmoid(inputs * self.multiple)  # label[g]: ACC6


layer = Stair(2.0)
model = keras.Sequential([keras.Input((4,)), layer])
x = np.array([[-0.3, -0.1, 0.1, 0.3]], dtype="float32")
before = model.predict(x, verbose=0)
layer.multiple = 2.0**50  # label[g]
after = model.predict(x, verbose=0)
print(before, after)
