# source: https://github.com/keras-team/keras/pull/22104
# framework: TF
# Keras' "JAX trainer: respect trainable state during fit()": freezing a layer after
# `compile()` must keep its weights out of the updates, "in line with the TensorFlow backend".
# Run on the TensorFlow backend (Keras 3.15): a Dense layer frozen after compile keeps its
# kernel through fit, while the other layer trains. Fine.
# label: none
# verify: c.frozen_unchanged and c.other_changed
import os

os.environ.setdefault("KERAS_BACKEND", "tensorflow")
import numpy as np
import keras

model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(4, name="a"), keras.layers.Dense(1, name="b")])
model.compile(optimizer="sgd", loss="mse")
model.get_layer("a").trainable = False  # frozen after compile
a0 = model.get_layer("a").kernel.numpy().copy()
b0 = model.get_layer("b").kernel.numpy().copy()
model.fit(np.random.rand(32, 4), np.random.rand(32, 1), epochs=2, batch_size=8, verbose=0)
frozen_unchanged = bool(np.allclose(model.get_layer("a").kernel.numpy(), a0))
other_changed = not np.allclose(model.get_layer("b").kernel.numpy(), b0)
print(frozen_unchanged, other_changed)
