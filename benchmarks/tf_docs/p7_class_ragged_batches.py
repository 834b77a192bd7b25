# source: https://www.tensorflow.org/guide/function#rules_of_tracing
# run: storm (8 traces in 8 calls)
# framework: TF
# property: P7
# A class holding a tf.function encodes sentences of different lengths, one per call.
import tensorflow as tf


class Encoder:
    def __init__(self):
        self.encode = tf.function(self._encode)

    def _encode(self, ids):
        return tf.reduce_mean(tf.cast(ids, tf.float32))

    def run(self, sentences):
        return [self.encode(tf.constant(s)) for s in sentences]


sentences = [list(range(n)) for n in range(1, 9)]
enc = Encoder()
enc.run(sentences)  # label: ACC503
print("TRACES", enc.encode.experimental_get_tracing_count(), "OF", 8)
