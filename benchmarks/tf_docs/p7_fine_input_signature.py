# source: https://www.tensorflow.org/guide/function#controlling_retracing
# run: fine (1 traces in 8 calls, same output as eager)
# framework: TF
# property: P7
# label: none
# The guide's other fix: an input_signature with an unknown length traces once.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)])
def decode(prefix):
    return tf.reduce_sum(prefix)


def main():
    tokens = tf.range(10, dtype=tf.float32)
    for t in range(1, 9):
        decode(tokens[:t])
    print("TRACES", decode.experimental_get_tracing_count(), "OF", 8)


main()
