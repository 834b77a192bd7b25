# source: https://www.tensorflow.org/guide/function#controlling_retracing
# run: fine (2 traces in 8 calls, same output as eager)
# framework: TF
# property: P7
# label: none
# The guide's fix: reduce_retracing generalises the shape after the second trace.
import tensorflow as tf


@tf.function(reduce_retracing=True)
def norm(v):
    return tf.sqrt(tf.reduce_sum(v * v))


for n in range(1, 9):
    norm(tf.ones([n]))
print("TRACES", norm.experimental_get_tracing_count(), "OF", 8)
