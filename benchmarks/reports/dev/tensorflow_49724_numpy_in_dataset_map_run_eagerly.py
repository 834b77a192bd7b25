# source: https://github.com/tensorflow/tensorflow/issues/49724
# framework: TF
# "Wrong warning message for tf.data.experimental.enable.debug_mode()": with
# `tf.config.run_functions_eagerly(True)` set, `preprocess(datapoint)` mapped over a tfds dataset
# calls `mask.numpy()` and still raises "'Tensor' object has no attribute 'numpy'": the option does
# not apply to tf.data functions, which are always traced into a graph. Reduced: the reporter's
# preprocess over a small in-memory dataset of the same structure (no tfds download).
# verify: c.error is not None
import numpy as np
import tensorflow as tf

ds = tf.data.Dataset.from_tensor_slices({"segmentation_mask": np.zeros((2, 4, 4, 1), "uint8")})
tf.config.run_functions_eagerly(True)


def preprocess(datapoint):
    mask = datapoint["segmentation_mask"]
    mask.numpy()  # label: ACC3
    return mask


error = None
try:
    ds.map(preprocess)
except Exception as exc:
    error = type(exc).__name__
print(error)
