# source: https://github.com/google/automl/issues/659
# framework: TF
# "Is there a way to add custom augmentation written with Numpy and OpenCV?" The answer wraps
# the NumPy code in `tf.py_function` and maps that over the dataset: the Python function then
# runs for every element on every pass, so its `np.random` draws change from epoch to epoch.
# Fine. A random brightness shift stands in for the OpenCV augmentation.
# label: none
# verify: not c.same and not e.same
import numpy as np
import tensorflow as tf


def numpy_cv2_code(image):
    shift = np.random.uniform(-0.2, 0.2)
    return (image.numpy() + shift).astype(np.float32)


def map_numpy_code(image):
    out = tf.py_function(func=numpy_cv2_code, inp=[image], Tout=tf.float32)
    return out


dataset = tf.data.Dataset.from_tensor_slices(np.zeros((3, 2), np.float32))
dataset = dataset.map(map_func=map_numpy_code, num_parallel_calls=tf.data.experimental.AUTOTUNE)
epochs = [[v.numpy().tolist() for v in dataset] for _ in range(2)]
same = epochs[0] == epochs[1]
print(same)
