# source: https://github.com/koshian2/OctConv-TFKeras/issues/16
# framework: TF
# With TensorFlow 2 the OctConv model fails with "tf.function-decorated function tried to create
# variables on non-first call"; `run_functions_eagerly(True)` works around it. The answer: the
# convolution layers are defined inside `call` rather than in `__init__` or `build`, so each call
# makes new variables. Checked with Keras 3 on TF 2.21: `fit` raises "tf.function only supports
# singleton tf.Variables created on the first call"; run eagerly it trains. The OctConv2D layer is
# cut to its high- and low-frequency convolutions.
# verify: c.error is not None and e.error is None
import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers


class OctConv2D(layers.Layer):
    def __init__(self, filters, **kwargs):
        super().__init__(**kwargs)
        self.filters = filters

    def call(self, inputs):
        high = layers.Conv2D(self.filters, 3, padding="same")(inputs)  # label[a]: ACC4
        low = layers.AveragePooling2D(2)(inputs)
        low = layers.Conv2D(self.filters, 3, padding="same")(low)  # label[a]
        return high, low


inputs = keras.Input((8, 8, 3))
high, low = OctConv2D(4)(inputs)
outputs = layers.Dense(1)(layers.GlobalAveragePooling2D()(high))
model = keras.Model(inputs, outputs)
model.compile("sgd", "mse")
x = np.random.rand(8, 8, 8, 3).astype("float32")
y = np.random.rand(8, 1).astype("float32")
error = None
try:
    model.fit(x, y, epochs=1, verbose=0)
except Exception as exc:
    error = f"{type(exc).__name__}: {exc}"
print(error)
