# source: blind57:tf_function_numpy_log_1
# framework: TF
# A logging helper formats the loss with `.numpy()`; the Trainer calls it from inside its
# tf.function step, where the loss is a symbolic tensor without `.numpy()`.
# verify: c.error is not None and e.error is None
import tensorflow as tf


class Logger:
    def __init__(self):
        self.lines = []

    def log(self, name, value):
        self.lines.append(f"{name}={value.numpy():.4f}")  # label: ACC3


class Trainer:
    def __init__(self, logger):
        self.w = tf.Variable([[0.5], [0.5]])
        self.logger = logger

    @tf.function
    def step(self, x, y):
        loss = tf.reduce_mean((x @ self.w - y) ** 2)
        self.logger.log("loss", loss)
        return loss


def fit(trainer, steps=3):
    try:
        for _ in range(steps):
            trainer.step(tf.ones([2, 2]), tf.zeros([2, 1]))
    except Exception as exc:
        return type(exc).__name__
    return None


error = fit(Trainer(Logger()))
