# source: https://www.tensorflow.org/guide/function#creating_tfvariables
# run: storm (8 traces in 8 calls)
# framework: TF
# property: P6
# Module level: the loop wraps its computation in tf.function on every pass and calls it.
import tensorflow as tf

x = tf.constant([1.0, 2.0])
count = 0
for i in range(8):
    scale = tf.function(lambda v: v * 2.0)
    scale(x)  # label: ACC501
    count += scale.experimental_get_tracing_count()
print("TRACES", count, "OF", 8)
