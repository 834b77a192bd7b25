# source: https://github.com/keras-team/keras/issues/19067
# framework: TF
# The report's script (Keras 3.0.3 on TF 2.15): a Keras 3 `Sequential` preprocessing model is
# called inside `Dataset.map` in a loop; the first `map` works, the second raised
# `AttributeError: 'SymbolicTensor' object has no attribute '_datatype_enum'`. Smaller images
# (the report maps 4 clips of 32 frames of 224x224). It still fails on TF 2.21 / Keras 3.15:
# the model is first called, and so built, inside the first map's trace, and the state its
# build keeps belongs to that graph; the second map's trace reads it. Labelled as state written
# during a trace (ACC4): building the model before mapping avoids it.
# verify: "_datatype_enum" in c.error and c.mapped == 1
import numpy as np
import tensorflow as tf
import keras
from keras import layers

processing_model = keras.Sequential(
    [
        layers.Normalization(
            mean=[123.675, 116.28, 103.53],
            variance=[np.square(58.395), np.square(57.12), np.square(57.375)]
        )
    ]
)

dataset = tf.data.Dataset.from_tensor_slices(
    (
        tf.random.uniform([4, 2, 8, 8, 3]),
        tf.random.uniform([4, 3]),
    )
)

error, mapped = None, 0
try:
    for i in range(3):
        ds = dataset
        ds = ds.map(lambda x, y: (processing_model(x), y))  # label: ACC4
        mapped += 1
        print(i)
except AttributeError as exc:
    error = str(exc)
