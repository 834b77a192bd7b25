# source: https://www.tensorflow.org/guide/function#conditionals
# run: fine (same output as eager)
# framework: TF
# property: P13
# label: none
# Written after the stop-43 changes: both branches bind the pair through tuple targets.
import tensorflow as tf


@tf.function
def split(x):
    if tf.reduce_sum(x) > 0:
        lo, hi = x * 0.5, x
    else:
        lo, hi = x, x * 0.5
    return lo + hi


print(split(tf.constant([1.0, 2.0])).numpy().tolist())
