# source: https://github.com/keras-team/keras/issues/9940
# framework: TF
# "Weird behaviour from summary()": after training a few epochs with the VGG16 base frozen, the
# user unfreezes it (`for layer in model.layers[1].layers: layer.trainable = True`) and keeps
# training. The answer: "After changing trainable property you need compile model again...
# Otherwise the training graph is not constructed correctly and the weights are left
# untrained." With Keras 3.15 the second `fit` reuses the train function built by the first,
# whose weight list did not hold the base: the base never trains, silently. Eagerly (the eager
# twin) the list is read on every step, and the optimizer refuses the new variables ("This
# optimizer can only be called for the variables it was originally built with"), which at
# least says that something changed. Reduced: a two-layer "base" and a head.
# verify: not c.base_trained and c.second_fit_error is None and e.second_fit_error is not None
import numpy as np
import tensorflow as tf
from tensorflow import keras

keras.utils.set_random_seed(0)
base = keras.Sequential([keras.layers.Dense(8, activation="relu"), keras.layers.Dense(8)], name="base")
model = keras.Sequential([keras.Input((4,)), base, keras.layers.Dense(1)])
for layer in model.layers[0].layers:
    layer.trainable = False
model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
x = np.random.RandomState(0).rand(64, 4).astype("float32")
y = x.sum(axis=1, keepdims=True)
model.fit(x, y, epochs=2, batch_size=16, verbose=0)

for layer in model.layers[0].layers:
    layer.trainable = True  # label: ACC6
before = base.layers[0].kernel.numpy().copy()
second_fit_error = None
try:
    model.fit(x, y, epochs=2, batch_size=16, verbose=0)
except ValueError as err:
    second_fit_error = str(err)[-120:]
base_trained = not np.allclose(before, base.layers[0].kernel.numpy())
print(base_trained)
