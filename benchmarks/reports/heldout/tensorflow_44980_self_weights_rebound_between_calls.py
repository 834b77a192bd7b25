# source: https://github.com/tensorflow/tensorflow/issues/44980
# framework: TF
# `self.weights` is rebound to a tensor of another shape between two calls of the tf.function
# `encoder_graph`, which reads it; the trace keeps the first tensor, so graph mode and eager
# mode disagree ("one just sees a different MSE when switching to graph mode").
# verify: c.result is False and e.result is True
import tensorflow as tf


class Network:
    def call(self, x):
        self.weights = tf.zeros((4, 5), dtype=tf.double)
        self.encoder_graph(x)
        self.weights = tf.zeros((2, 3), dtype=tf.double)

        return self.encoder_graph(x).shape == self.weights.shape

    @tf.function
    def encoder_graph(self, x):
        return self.weights  # label: ACC6


net = Network()
result = bool(net.call(tf.constant(1.0)))
