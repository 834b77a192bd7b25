# source: https://www.tensorflow.org/guide/function#rules_of_tracing
# run: fine (1 traces in 8 calls, same output as eager)
# framework: TF
# property: P6
# label: none
# The fix: the tf.function is made once, before the loop.
import tensorflow as tf

x = tf.constant([1.0, 2.0])
scale = tf.function(lambda v: v * 2.0)
for i in range(8):
    scale(x)
print("TRACES", scale.experimental_get_tracing_count(), "OF", 8)
