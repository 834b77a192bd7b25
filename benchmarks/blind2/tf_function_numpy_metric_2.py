# source: blind56:tf_function_numpy_metric_2
# framework: TF
# A custom training loop's tf.function step calls a metrics helper that reads the loss with
# `.numpy()` to keep a Python running average. Inside the trace the loss is symbolic and has no
# `.numpy()`: the first step raises; eagerly it works.
# verify: c.error is not None and e.error is None
import tensorflow as tf


class RunningAverage:
    def __init__(self):
        self.total, self.count = 0.0, 0

    def update(self, value):
        self.total += value.numpy()  # label: ACC3
        self.count += 1


class Trainer:
    def __init__(self):
        self.w = tf.Variable(tf.zeros((2, 1)))
        self.meter = RunningAverage()

    @tf.function
    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((x @ self.w - y) ** 2)
        self.w.assign_sub(0.1 * tape.gradient(loss, self.w))
        self.meter.update(loss)
        return loss


error = None
try:
    trainer = Trainer()
    for _ in range(3):
        trainer.train_step(tf.ones((4, 2)), tf.ones((4, 1)))
except Exception as exc:
    error = type(exc).__name__
