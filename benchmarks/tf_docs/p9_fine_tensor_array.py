# source: https://www.tensorflow.org/guide/function#accumulating_values_in_a_loop
# run: fine (same output as eager)
# framework: TF
# property: P9
# label: none
# The guide's fix: a tf.TensorArray accumulates in the converted loop.
import tensorflow as tf


@tf.function
def unroll(xs):
    outs = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
    for i in tf.range(tf.shape(xs)[0]):
        outs = outs.write(i, xs[i] * 2)
    return outs.stack()


print(unroll(tf.constant([1.0, 2.0, 3.0])).numpy().tolist())
