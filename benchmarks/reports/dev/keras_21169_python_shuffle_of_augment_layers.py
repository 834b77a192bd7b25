# source: https://github.com/keras-team/keras/issues/21169
# framework: TF
# "RandAugment incorrect behavior in tf graph mode": "It relies on shuffling a python list
# using random.shuffle, which only works during eager mode execution. In graph mode the
# operations are sampled then compiled ... so the same operations are used repeatedly." The
# reporter's test maps the layer over a `tf.data` pipeline. Keras 3.15 no longer shuffles in
# Python; reduced to the reported shape: a layer whose `call` shuffles its list of augmentation
# names and applies the first, mapped over five batches - every batch gets the same operation.
# verify: len(set(c.ops_used)) == 1
import random

import numpy as np
import tensorflow as tf
from tensorflow import keras


class RandAugment(keras.layers.Layer):
    def __init__(self, num_ops=1, **kwargs):
        super().__init__(**kwargs)
        self._AUGMENT_LAYERS = ["negate", "double", "shift", "square"]
        self.num_ops = num_ops

    def negate(self, data):
        return -data

    def double(self, data):
        return 2 * data

    def shift(self, data):
        return data + 10

    def square(self, data):
        return data * data

    def call(self, data):
        random.shuffle(self._AUGMENT_LAYERS)  # label: ACC1
        for layer_name in self._AUGMENT_LAYERS[: self.num_ops]:
            data = getattr(self, layer_name)(data)
        return data


random.seed(0)
input_data = np.full((10, 2), 3.0, dtype="float32")
layer = RandAugment()
ds = tf.data.Dataset.from_tensor_slices(input_data).batch(2).map(layer)
by_value = {-3.0: "negate", 6.0: "double", 13.0: "shift", 9.0: "square"}
ops_used = [by_value[float(output.numpy()[0, 0])] for output in ds]
print(ops_used)
