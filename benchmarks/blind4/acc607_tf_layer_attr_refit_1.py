# source: blind58:acc607_tf_layer_attr_refit_1
# framework: TF
# A custom layer reads a Python float `self.scale`; between two fit() calls the script
# changes the layer's scale without compiling again. The model keeps the train function it
# traced in the first fit, and the second fit still uses the first scale.
# verify: not close(c.weights_after, e.weights_after)
import keras
import numpy as np


class Scaled(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.scale = 1.0

    def build(self, shape):
        self.w = self.add_weight(shape=(shape[-1], 1), initializer="ones")

    def call(self, x):
        return (x @ self.w) * self.scale  # label[a]: ACC607


layer = Scaled()
model = keras.Sequential([keras.Input((2,)), layer])
model.compile(optimizer=keras.optimizers.SGD(0.01), loss="mse")
x, y = np.ones((8, 2), "float32"), np.zeros((8, 1), "float32")
model.fit(x, y, epochs=1, batch_size=8, verbose=0)
layer.scale = 10.0  # label[a]
model.fit(x, y, epochs=2, batch_size=8, verbose=0)
weights_after = model.get_weights()
