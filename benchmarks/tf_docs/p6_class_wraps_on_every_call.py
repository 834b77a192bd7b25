# source: https://www.tensorflow.org/guide/function#rules_of_tracing
# run: storm (8 traces in 8 calls)
# framework: TF
# property: P6
# A predictor class wraps its method in tf.function inside predict(), called once per batch.
import tensorflow as tf


class Predictor:
    def __init__(self):
        self.w = tf.Variable([[1.0], [2.0]])
        self.traces = 0

    def _forward(self, x):
        return tf.matmul(x, self.w)

    def predict(self, x):
        fn = tf.function(self._forward)
        out = fn(x)  # label[g]: ACC501
        self.traces += fn.experimental_get_tracing_count()
        return out


p = Predictor()
for i in range(8):
    p.predict(tf.ones([1, 2]))  # label[g]
print("TRACES", p.traces, "OF", 8)
