# source: https://github.com/keras-team/keras/pull/22413
# framework: TF
# "Warn when trainable state changes after compile()": "Toggling `.trainable` after `compile()`
# silently doesn't take effect until `compile()` is called again." The PR notes a gap on the
# TensorFlow backend, which builds lazily while tracing: a toggle before the first `fit` still
# counts there. After a `fit`, the traced train function keeps its weight list. Run: a model
# fitted once, its first layer then frozen and fitted again keeps training that layer; eagerly
# (the eager twin) the freeze holds. The PR's scenario on a small model (Keras 3.15).
# verify: c.frozen_layer_changed and not e.frozen_layer_changed
import numpy as np
import tensorflow as tf
from tensorflow import keras

keras.utils.set_random_seed(0)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8), keras.layers.Dense(1)])
model.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse")
x = np.random.RandomState(0).rand(64, 4).astype("float32")
y = x.sum(axis=1, keepdims=True)
model.fit(x, y, epochs=1, batch_size=16, verbose=0)

model.layers[0].trainable = False  # label: ACC6
kernel = model.layers[0].kernel.numpy().copy()
model.fit(x, y, epochs=1, batch_size=16, verbose=0)
frozen_layer_changed = not np.allclose(kernel, model.layers[0].kernel.numpy())
print(frozen_layer_changed)
