# source: https://github.com/tensorflow/tensorflow/issues/48229
# framework: TF
# The report's script: `unique_numpy` is traced for two signatures with
# `get_concrete_function` (int32 and int64 vectors of unknown length), then called with a
# concrete int32 vector; on TF 2.4 the call traced a third signature instead of reusing the
# int32 one. One extra trace at most, not a storm; the run on TF 2.21 counts the traces.
# label: none
# verify: c.tf['unique_numpy'] <= 3
import tensorflow as tf


@tf.function()  # Setting experimental relax shapes does not change the result
def unique_numpy(arr):
    unique_val, unique_inverse = tf.unique(arr)
    return unique_val


# We trace two functions.
unique_numpy.get_concrete_function(tf.TensorSpec(shape=(None,), dtype=tf.int32))
unique_numpy.get_concrete_function(tf.TensorSpec(shape=(None,), dtype=tf.int64))
print(unique_numpy.pretty_printed_concrete_signatures())  # 2 signatures available
unique_numpy(tf.constant([0, 2], dtype=tf.int32))
print(' New')
print(unique_numpy.pretty_printed_concrete_signatures())
