# source: https://www.tensorflow.org/guide/function#rules_of_tracing
# run: storm (8 traces in 8 calls)
# framework: TF
# property: P7
# In main(), a decoder is run on a growing prefix of the sequence.
import tensorflow as tf


@tf.function
def decode(prefix):
    return tf.reduce_sum(prefix)


def main():
    tokens = tf.range(10, dtype=tf.float32)
    for t in range(1, 9):
        decode(tokens[:t])  # label: ACC503
    print("TRACES", decode.experimental_get_tracing_count(), "OF", 8)


main()
