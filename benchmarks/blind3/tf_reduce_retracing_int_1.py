# source: blind57:tf_reduce_retracing_int_1
# framework: TF
# A rollout function is declared with `reduce_retracing=True`, but its horizon is a Python
# int that a curriculum raises every epoch; reduce_retracing relaxes shapes, not Python
# values, so every horizon is a new trace.
# verify: c.model.rollout.experimental_get_tracing_count() >= 8
import tensorflow as tf


class Dynamics(tf.Module):
    def __init__(self):
        super().__init__()
        self.a = tf.Variable(0.9)

    @tf.function(reduce_retracing=True)
    def rollout(self, x0, horizon):
        x = x0
        for _ in range(horizon):
            x = self.a * x + 0.1
        return x


class HorizonCurriculum:
    def horizon(self, epoch):
        return 2 + epoch


def train(model, curriculum, epochs=10):
    return [model.rollout(tf.ones([3]), curriculum.horizon(e)) for e in range(epochs)]  # label: ACC5


model = Dynamics()
finals = train(model, HorizonCurriculum())
