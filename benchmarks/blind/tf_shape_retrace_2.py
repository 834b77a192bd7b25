# source: blind55:tf_shape_retrace_2
# framework: TF
# Autoregressive generation that feeds the whole growing sequence to a tf.function each step: a
# new length per generated token, a new trace per token.
# verify: c.traces >= 8
import tensorflow as tf


class Generator:
    def __init__(self):
        self.w = tf.Variable(tf.random.normal((6, 6), seed=2))

    @tf.function
    def step(self, seq):
        h = tf.reduce_sum(tf.one_hot(seq, 6), axis=0)
        return tf.argmax(tf.tensordot(h, self.w, 1), output_type=tf.int32)

    def generate(self, n):
        seq = tf.constant([1], tf.int32)
        for _ in range(n):
            nxt = self.step(seq)  # label: ACC5
            seq = tf.concat([seq, [nxt]], axis=0)
        return seq


gen = Generator()
out = gen.generate(10)
traces = gen.step.experimental_get_tracing_count()
