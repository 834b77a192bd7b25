# source: https://github.com/tensorflow/tensorflow/issues/40708
# framework: TF
# A tf.function with an input signature loops 100 times over `tf.range`; the user timed it
# against a Python `range` (unrolled) and found it slower. A performance comparison of two
# loop forms: one trace for all calls, no hazard. Fine. The IPython `%%timeit` cell is a loop
# of `num_calls` calls here.
# label: none
# verify: c.tf['test'] == 1
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)])
def test(x):
  for i in tf.range(100):
    x = x * tf.constant(1.1)
  return x


num_calls = 10
for call in range(num_calls):
    test(tf.range(1000, dtype='float32'))
