# source: blind57:tf_python_lr_arg_1
# framework: TF
# A custom training loop asks a decay schedule for the learning rate (a Python float) and
# passes it through a helper into a tf.function step; each new float is a new trace.
# verify: c.learner.train_step.experimental_get_tracing_count() >= 8
from dataclasses import dataclass

import tensorflow as tf


@dataclass
class LoopConfig:
    base_lr: float = 0.1
    decay: float = 0.9
    steps: int = 10


class Learner:
    def __init__(self):
        self.w = tf.Variable(tf.zeros([3, 1]))

    @tf.function
    def train_step(self, x, y, lr):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((x @ self.w - y) ** 2)
        self.w.assign_sub(lr * tape.gradient(loss, self.w))
        return loss


def lr_at(cfg, step):
    return cfg.base_lr * cfg.decay ** step


def run_step(learner, batch, lr):
    return learner.train_step(*batch, lr)  # label: ACC5


def main(learner):
    cfg = LoopConfig()
    batch = (tf.ones([4, 3]), tf.ones([4, 1]))
    return [float(run_step(learner, batch, lr_at(cfg, s))) for s in range(cfg.steps)]


learner = Learner()
losses = main(learner)
