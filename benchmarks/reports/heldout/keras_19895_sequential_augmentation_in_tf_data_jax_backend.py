# source: https://github.com/keras-team/keras/issues/19895
# framework: JAX
# "`Sequential`-model for data augmentation within `tf.data.Dataset` with JAX backend not
# working": with `KERAS_BACKEND=jax` the user maps a `Sequential([RandomFlip, RandomRotation])`
# over a `tf.data` pipeline and gets "NotImplementedError: Cannot convert a symbolic tf.Tensor ...
# to a numpy array", also with a pass-through `Lambda(lambda x: x)`; with the TensorFlow backend
# it works. fchollet: a Sequential model cannot run inside tf.data with the JAX backend (the
# preprocessing layers themselves can). Reduced to the pipeline on random images; the map traces
# the model on symbolic tf tensors, and the JAX backend converts them to arrays (framework JAX:
# Keras runs on its JAX backend, tf.data only feeds it).
# verify: c.error is not None and "numpy" in c.error
import os

os.environ["KERAS_BACKEND"] = "jax"

import numpy as np
import tensorflow as tf
import keras
from keras import layers

data_augmentation = keras.Sequential([layers.RandomFlip("horizontal"), layers.RandomRotation(0.1)])
images = np.random.rand(8, 32, 32, 3).astype("float32")
labels = np.arange(8)
train_ds = tf.data.Dataset.from_tensor_slices((images, labels)).batch(4)
error = None
try:
    train_ds = train_ds.map(lambda x, y: (data_augmentation(x), y))  # label: ACC3
    for batch in train_ds:
        pass
except Exception as exc:
    error = f"{type(exc).__name__}: {exc}"
print(keras.backend.backend(), error)
