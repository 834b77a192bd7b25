# source: blind57:tf_history_append_1
# framework: TF
# A tracker object records each step's gradient norm in a Python list; the tf.function step
# calls the tracker, so the append runs once, at trace time, with a symbolic tensor.
# verify: len(c.history) < len(e.history)
import tensorflow as tf


class NormTracker:
    def __init__(self):
        self.history = []

    def record(self, grads):
        self.history.append(tf.linalg.global_norm(grads))  # label: ACC4


class Trainer:
    def __init__(self, tracker):
        self.w = tf.Variable(tf.ones([2, 1]))
        self.opt = tf.keras.optimizers.SGD(0.1)
        self.tracker = tracker

    @tf.function
    def step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((x @ self.w - y) ** 2)
        grads = tape.gradient(loss, [self.w])
        self.tracker.record(grads)
        self.opt.apply_gradients(zip(grads, [self.w]))
        return loss


def main(steps=6):
    tracker = NormTracker()
    trainer = Trainer(tracker)
    for _ in range(steps):
        trainer.step(tf.ones([4, 2]), tf.zeros([4, 1]))
    return tracker.history


history = main()
