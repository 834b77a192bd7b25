# source: https://github.com/jacobgil/keras-dcgan/issues/19
# framework: TF
# "Why do you change d.trainable twice after d.compile during train?": the DCGAN loop trains the
# discriminator with `d.train_on_batch`, sets `d.trainable = False`, trains the stacked model
# with `d_on_g.train_on_batch`, and sets `d.trainable = True` again; "you can only change one
# model's trainable before model.compile". With Keras 3.15 each model's train function takes the
# trainable weights of its first call: `d` first trains with `d.trainable` True and `d_on_g` first
# trains with it False, and the toggles repeat the same state at every later call, so `d` trains
# in its own step and stays fixed in the stacked step, as intended, on every iteration (eagerly as
# well). Reduced to dense layers on random data, three iterations. Fine.
# label: none
# verify: c.d_moves_in_own_step and not c.d_moves_in_stacked_step and c.g_moves
import numpy as np
import tensorflow as tf
from tensorflow import keras

keras.utils.set_random_seed(0)
g = keras.Sequential([keras.Input((2,)), keras.layers.Dense(4)])
d = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8), keras.layers.Dense(1, activation="sigmoid")])
latent = keras.Input((2,))
d_on_g = keras.Model(latent, d(g(latent)))
g.compile(loss="binary_crossentropy", optimizer="SGD")
d_on_g.compile(loss="binary_crossentropy", optimizer=keras.optimizers.SGD(0.1))
d.trainable = True
d.compile(loss="binary_crossentropy", optimizer=keras.optimizers.SGD(0.1))

rs = np.random.RandomState(0)
d_moves_in_own_step, d_moves_in_stacked_step, g_moves = [], [], []
for index in range(3):
    noise = rs.uniform(-1, 1, (8, 2)).astype("float32")
    generated = g.predict(noise, verbose=0)
    X = np.concatenate((rs.rand(8, 4).astype("float32"), generated))
    y = np.array([1] * 8 + [0] * 8, "float32")
    before = d.layers[0].kernel.numpy().copy()
    d.train_on_batch(X, y)
    d_moves_in_own_step.append(not np.allclose(before, d.layers[0].kernel.numpy()))
    noise = rs.uniform(-1, 1, (8, 2)).astype("float32")
    d.trainable = False
    before_d, before_g = d.layers[0].kernel.numpy().copy(), g.layers[0].kernel.numpy().copy()
    d_on_g.train_on_batch(noise, np.ones(8, "float32"))
    d_moves_in_stacked_step.append(not np.allclose(before_d, d.layers[0].kernel.numpy()))
    g_moves.append(not np.allclose(before_g, g.layers[0].kernel.numpy()))
    d.trainable = True
d_moves_in_own_step, d_moves_in_stacked_step, g_moves = all(d_moves_in_own_step), any(d_moves_in_stacked_step), all(g_moves)
print(d_moves_in_own_step, d_moves_in_stacked_step, g_moves)
