# source: https://www.tensorflow.org/guide/function#conditionals
# run: fine (same output as eager)
# framework: TF
# property: P13
# label: none
# The fix: both branches of the converted if set the name.
import tensorflow as tf


@tf.function
def clipped(x):
    if tf.reduce_sum(x) > 0:
        y = x * 2
    else:
        y = x
    return y


print(clipped(tf.constant([1.0, 2.0])).numpy().tolist())
