# source: blind57:tf_python_lr_arg_fine_1
# framework: TF
# label: none
# The same loop converts the scheduled rate to a tensor in the helper: a float32 scalar
# tensor is one signature, so the step traces once.
# verify: c.learner.train_step.experimental_get_tracing_count() == 1
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
    return learner.train_step(*batch, tf.constant(lr, tf.float32))


def main(learner):
    cfg = LoopConfig()
    batch = (tf.ones([4, 3]), tf.ones([4, 1]))
    return [float(run_step(learner, batch, lr_at(cfg, s))) for s in range(cfg.steps)]


learner = Learner()
losses = main(learner)
