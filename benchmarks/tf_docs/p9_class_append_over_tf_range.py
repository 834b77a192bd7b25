# source: https://www.tensorflow.org/guide/function#accumulating_values_in_a_loop
# run: error (InaccessibleTensorError: in user code:)
# framework: TF
# property: P9
# A class holding a tf.function collects one row per step of a tf.range loop.
import tensorflow as tf


class Rnn:
    def __init__(self):
        self.run = tf.function(self._run)

    def _run(self, x, steps):
        rows = []
        for i in tf.range(steps):
            rows.append(x * tf.cast(i, tf.float32))  # label: ACC205
        return tf.stack(rows)


print(Rnn().run(tf.constant(2.0), tf.constant(3)).numpy().tolist())
