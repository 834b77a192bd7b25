# source: blind58:acc607_tf_fine_recompile_1
# framework: TF
# label: none
# The layer's Python float scale is changed between two fit() calls, and the script compiles
# the model again after the change: compile() drops the kept train function, so the second
# fit traces a new one with the new scale.
# verify: close(c.weights_after, e.weights_after)
import keras
import numpy as np


class Scaled(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.scale = 1.0

    def build(self, shape):
        self.w = self.add_weight(shape=(shape[-1], 1), initializer="ones")

    def call(self, x):
        return (x @ self.w) * self.scale


layer = Scaled()
model = keras.Sequential([keras.Input((2,)), layer])
model.compile(optimizer=keras.optimizers.SGD(0.01), loss="mse")
x, y = np.ones((8, 2), "float32"), np.zeros((8, 1), "float32")
model.fit(x, y, epochs=1, batch_size=8, verbose=0)
layer.scale = 10.0
model.compile(optimizer=keras.optimizers.SGD(0.01), loss="mse")
model.fit(x, y, epochs=2, batch_size=8, verbose=0)
weights_after = model.get_weights()
