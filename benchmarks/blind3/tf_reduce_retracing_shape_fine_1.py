# source: blind57:tf_reduce_retracing_shape_fine_1
# framework: TF
# label: none
# A tf.function with `reduce_retracing=True` fed batches whose length grows every epoch: after
# the second shape TensorFlow traces a generalised signature with an unknown dimension, so
# the traces stay bounded.
# verify: 1 <= c.model.rollout.experimental_get_tracing_count() <= 3
import tensorflow as tf


class Dynamics(tf.Module):
    def __init__(self):
        super().__init__()
        self.a = tf.Variable(0.9)

    @tf.function(reduce_retracing=True)
    def rollout(self, x0):
        x = x0
        for _ in tf.range(5):
            x = self.a * x + 0.1
        return x


class GrowingBatches:
    def batch(self, epoch):
        return tf.ones([2 + epoch])


def train(model, batches, epochs=10):
    return [model.rollout(batches.batch(e)) for e in range(epochs)]


model = Dynamics()
finals = train(model, GrowingBatches())
