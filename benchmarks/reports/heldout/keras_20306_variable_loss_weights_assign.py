# source: https://github.com/keras-team/keras/pull/20306
# framework: TF
# label: none
# "Allow `keras.Variable` for loss weights": the PR's example compiles a two-output model with
# `loss_weights` made of `keras.Variable`s, assigns (0.00001, 1.0), fits an epoch, assigns
# (1.0, 0.00001) and fits again; the printed per-output losses follow the weights. The PR's
# example: the variables are read by the traced step, so the second fit weighs the outputs the
# new way, as the eager run does.
# verify: close(c.totals, e.totals) and not close(c.totals[0], c.totals[1])
import numpy as np

import keras
from keras import layers
from keras import models

x = np.random.RandomState(0).rand(8, 3)
y1 = np.random.RandomState(1).rand(8, 1)
y2 = np.random.RandomState(2).randint(0, 2, (8, 1))

keras.utils.set_random_seed(0)
inputs = layers.Input(shape=(3,), name="input_a")
output_a = layers.Dense(1, name="output_a")(inputs)
output_b = layers.Dense(1, name="output_b", activation="sigmoid")(inputs)
model = models.Model(inputs, [output_a, output_b])

loss_weights = [
    keras.Variable(initializer="ones", shape=()),
    keras.Variable(initializer="ones", shape=()),
]
model.compile(
    optimizer=keras.optimizers.SGD(0.0),
    loss=["mean_squared_error", "binary_crossentropy"],
    loss_weights=loss_weights,
)

loss_weights[0].assign(0.00001)
loss_weights[1].assign(1.0)
h1 = model.fit(x, (y1, y2), batch_size=2, epochs=1, verbose=0)

# Change the values
loss_weights[0].assign(1.0)
loss_weights[1].assign(0.00001)
h2 = model.fit(x, (y1, y2), batch_size=2, epochs=1, verbose=0)
totals = [h1.history["loss"][0], h2.history["loss"][0]]
print(totals)
