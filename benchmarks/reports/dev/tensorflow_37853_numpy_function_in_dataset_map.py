# source: https://github.com/tensorflow/tensorflow/pull/37853
# framework: TF
# "Added example and description about numpy_function() in Dataset.map()": the docstring example
# wraps arbitrary Python/NumPy code in `tf.numpy_function` inside the mapped function, so it runs
# with NumPy arrays for every element (not once at trace time). Fine. The PR's example.
# label: none
# verify: c.result == e.result and c.result == [1, 2, 3]
import numpy as np
import tensorflow as tf

d = tf.data.Dataset.from_tensor_slices([1, 2, 3])


def fail_loudly(x):
    return x + 0


def np_func(x):
    return np.asarray(x + 0, dtype=np.int32)


d = d.map(lambda x: tf.numpy_function(func=np_func, inp=[x], Tout=tf.int32))
result = [int(v) for v in d.as_numpy_iterator()]
