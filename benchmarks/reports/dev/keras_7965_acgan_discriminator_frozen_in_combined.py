# source: https://github.com/keras-team/keras/issues/7965
# framework: TF
# "freezing weights of a model": the Keras mnist_acgan example compiles the discriminator, then
# sets `discriminator.trainable = False` and builds and compiles the combined generator +
# discriminator model. Asked whether the discriminator can still be trained. With Keras 3.15 it
# cannot: a model's train function takes the weights trainable when it is first built, at the
# first `train_on_batch`, not at `compile`, so the discriminator built after the freeze has no
# trainable weights ("The model does not have any trainable weights") and only the generator
# trains. That is Keras 3's semantics and the eager twin does the same: nothing a trace keeps
# stale. A look-alike of the stale-`trainable` reports, labelled fine. Reduced to dense layers
# on random data.
# label: none
# verify: not c.d_trains_alone and not e.d_trains_alone and not c.d_changed_by_combined and c.g_changed_by_combined
import numpy as np
import tensorflow as tf
from tensorflow import keras

keras.utils.set_random_seed(0)
discriminator = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8), keras.layers.Dense(1, activation="sigmoid")])
discriminator.compile(optimizer=keras.optimizers.Adam(0.01), loss="binary_crossentropy")

generator = keras.Sequential([keras.Input((2,)), keras.layers.Dense(4)])
latent = keras.Input((2,))
discriminator.trainable = False
combined = keras.Model(latent, discriminator(generator(latent)))
combined.compile(optimizer=keras.optimizers.Adam(0.01), loss="binary_crossentropy")

rs = np.random.RandomState(0)
real = rs.rand(16, 4).astype("float32")
noise = rs.rand(16, 2).astype("float32")
ones = np.ones((16, 1), "float32")

d0 = discriminator.layers[0].kernel.numpy().copy()
discriminator.train_on_batch(real, ones)
d1 = discriminator.layers[0].kernel.numpy().copy()
g1 = generator.layers[0].kernel.numpy().copy()
combined.train_on_batch(noise, ones)
d_trains_alone = not np.allclose(d0, d1)
d_changed_by_combined = not np.allclose(d1, discriminator.layers[0].kernel.numpy())
g_changed_by_combined = not np.allclose(g1, generator.layers[0].kernel.numpy())
print(d_trains_alone, d_changed_by_combined, g_changed_by_combined)
