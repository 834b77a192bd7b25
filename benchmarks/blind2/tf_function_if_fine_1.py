# source: blind56:tf_function_if_fine_1
# framework: TF
# label: none
# The same clipping with a Python `if` on a tensor, in a helper called from a plain
# tf.function training step: AutoGraph converts the `if` into tf.cond, so it runs and matches
# the eager run.
# verify: c.error is None and close(c.losses, e.losses)
import tensorflow as tf


def soft_clip(x, limit):
    if tf.reduce_max(tf.abs(x)) > limit:
        return limit * tf.tanh(x / limit)
    return x


class ClippedRegressor(tf.Module):
    def __init__(self, limit=3.0):
        super().__init__()
        self.w = tf.Variable(tf.ones((4, 1)) * 2.0)
        self.limit = limit

    @tf.function
    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((soft_clip(x @ self.w, self.limit) - y) ** 2)
        self.w.assign_sub(0.01 * tape.gradient(loss, self.w))
        return loss


error = None
losses = []
try:
    model = ClippedRegressor()
    for scale in (0.1, 1.0, 2.0):
        losses.append(model.train_step(tf.ones((8, 4)) * scale, tf.zeros((8, 1))))
except Exception as exc:
    error = type(exc).__name__
