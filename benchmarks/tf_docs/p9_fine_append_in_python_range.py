# source: https://www.tensorflow.org/guide/function#looping_over_python_data
# run: fine (same output as eager)
# framework: TF
# property: P9
# label: none
# A loop over a Python range is unrolled while tracing: a list grown in it is fine.
import tensorflow as tf


@tf.function
def unroll(x):
    outs = []
    for i in range(3):
        outs.append(x * i)
    return tf.stack(outs)


print(unroll(tf.constant(2.0)).numpy().tolist())
