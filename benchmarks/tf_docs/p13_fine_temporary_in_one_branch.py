# source: https://www.tensorflow.org/guide/function#conditionals
# run: fine (same output as eager)
# framework: TF
# property: P13
# label: none
# A name set in one branch and used only inside it is fine.
import tensorflow as tf


@tf.function
def clipped(x):
    y = x
    if tf.reduce_sum(x) > 0:
        doubled = x * 2
        y = doubled
    return y


print(clipped(tf.constant([1.0, 2.0])).numpy().tolist())
