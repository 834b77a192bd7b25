# source: https://www.tensorflow.org/guide/function#rules_of_tracing
# run: storm (8 traces in 8 calls)
# framework: TF
# property: P7
# Module level: each pass feeds a vector one element longer.
import tensorflow as tf


@tf.function
def norm(v):
    return tf.sqrt(tf.reduce_sum(v * v))


for n in range(1, 9):
    norm(tf.ones([n]))  # label: ACC503
print("TRACES", norm.experimental_get_tracing_count(), "OF", 8)
