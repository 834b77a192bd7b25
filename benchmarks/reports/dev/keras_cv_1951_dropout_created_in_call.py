# source: https://github.com/keras-team/keras-cv/pull/1951
# framework: TF
# KerasCV's MBConv fix for the quickstart: "With TF backend, noise_shape + Dropout has to be
# created during init, not in the model `call`". Reduced: a block that builds its Dropout layer
# inside `call` (Keras 3 on TensorFlow); `fit` traces the train step, and the Dropout made inside
# the trace creates its seed-generator state there.
# verify: c.error is not None and e.error is None
import os

os.environ.setdefault("KERAS_BACKEND", "tensorflow")
import numpy as np
import keras
from keras import layers


class MBConvBlock(layers.Layer):
    def __init__(self, filters, dropout_rate=0.2, **kwargs):
        super().__init__(**kwargs)
        self.dense = layers.Dense(filters)
        self.dropout_rate = dropout_rate

    def call(self, inputs, training=None):
        x = self.dense(inputs)
        x = layers.Dropout(self.dropout_rate, noise_shape=(None, 1))(x, training=training)  # label: ACC4
        return x + inputs


inputs = keras.Input((8,))
outputs = MBConvBlock(8)(inputs)
model = keras.Model(inputs, outputs)
model.compile(optimizer="sgd", loss="mse")
error = None
try:
    model.fit(np.ones((16, 8)), np.ones((16, 8)), epochs=2, batch_size=4, verbose=0)
except Exception as exc:
    error = type(exc).__name__
print(error)
