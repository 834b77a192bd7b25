# source: https://www.tensorflow.org/guide/function#conditionals
# run: error (ValueError: in user code:)
# framework: TF
# property: P13
# Module level: a tf.function sets its result in the tensor branch of an if only.
import tensorflow as tf


@tf.function
def clipped(x):
    if tf.reduce_sum(x) > 0:  # label: ACC2
        y = x * 2
    return y


print(clipped(tf.constant([1.0, 2.0])).numpy().tolist())
