# source: https://github.com/tensorflow/tensorflow/issues/28779
# framework: TF
# "cannot really use eager execution to see tensors inside of a layer": in a custom keras layer
# the user converts the input tensor to a NumPy array in `call` to plot it (`viewImage`), and
# `modelObj.add(recLayer)` fails, because Keras calls the layer on a symbolic input while it
# builds the model. Reduced to the layer (a plotting stand-in that takes `inputs.numpy()`) added
# to a Sequential model with an Input: adding it raises, while calling the layer on a real
# tensor works.
# verify: c.add_raised and c.eager_ok
import numpy as np
import tensorflow as tf
from tensorflow import keras

seen = []


def viewImage(image):
    seen.append(image.shape)


class RecLayer(keras.layers.Layer):
    def call(self, inputs):
        viewImage(inputs.numpy())  # label: ACC3
        return inputs * 2.0


recLayer = RecLayer()
eager_ok = recLayer(tf.ones((1, 4, 4, 1))).shape == (1, 4, 4, 1)
modelObj = keras.Sequential([keras.Input((4, 4, 1))])
try:
    modelObj.add(recLayer)
    add_raised = False
except Exception as error:
    add_raised = True
print(eager_ok, add_raised)
