# source: https://github.com/keras-team/keras/issues/15358
# framework: TF
# "keras augmentation layers into tf.data.API with random seed": a layer that applies
# `RandomFlip("horizontal", seed=...)` (and other seeded layers) is mapped over a dataset; the
# user fears "batch 1, 2, 3 .. will go through the same type of augmentation". The answer: "the
# given seed will only make the layer produce the same deterministic sequence of random numbers,
# but will still be different between each batches." Run on TF 2.21 / Keras 3.15 with the layer
# mapped over eight single-image batches: the flips differ between batches. Fine.
# label: none
# verify: c.flips_differ
import numpy as np
import tensorflow as tf
from tensorflow import keras

flip = keras.layers.RandomFlip("horizontal", seed=1)
image = np.arange(2 * 4 * 1, dtype="float32").reshape(1, 2, 4, 1)
ds = tf.data.Dataset.from_tensor_slices(np.repeat(image, 8, axis=0)).batch(1)
ds = ds.map(lambda x: flip(x, training=True))
flipped = [bool((b.numpy() != image).any()) for b in ds]
flips_differ = len(set(flipped)) == 2
print(flipped)
