# source: https://github.com/keras-team/keras/issues/8826
# framework: TF
# label: none
# "Setting dropout rate via layer.rate doesn't work": after building a functional model the user
# sets `layer.rate = 0.0` on its Dropout layers (the config shows the new rate), but "during
# training, the old dropout values are still used", even after compiling again. Reduced to a small
# functional model with one Dropout(0.5) whose rate is set to 0.0 after the model is built and
# compiled, before `fit`; the check is whether the layer drops units in the training forward pass
# the fit step runs. On Keras 3.15 the layer's `call` reads `self.rate` when `fit` traces its step,
# after the change, so training runs without dropout as in eager: fine today (the Keras 2 graph
# read the rate when the model was built).
# verify: close(c.losses, e.losses) and c.no_drop
import numpy as np
import keras
from keras import layers

keras.utils.set_random_seed(0)
inp = keras.Input((16,))
h = layers.Dense(16, activation="relu")(inp)
h = layers.Dropout(0.5)(h)
out = layers.Dense(1)(h)
model = keras.Model(inp, out)
model.compile(optimizer="sgd", loss="mse")

from keras.layers import Dropout

for layer in model.layers:
    if isinstance(layer, Dropout):
        layer.rate = 0.0
        print(layer.get_config())

x = np.random.rand(64, 16).astype("float32")
y = np.random.rand(64, 1).astype("float32")
history = model.fit(x, y, batch_size=64, epochs=3, shuffle=False, verbose=0)
losses = history.history["loss"]
no_drop = bool(np.allclose(model(x, training=True), model(x, training=False)))
print(losses, no_drop)
