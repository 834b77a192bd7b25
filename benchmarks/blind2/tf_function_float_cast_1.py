# source: blind56:tf_function_float_cast_1
# framework: TF
# The focusing weight helper takes `float()` of a tensor to use the confidence as a constant
# (no gradient through it). Written as a fine look-alike (AutoGraph turns `float(t)` into a
# cast, so the step runs); the run shows the cast stays differentiable: under tf.function the
# gradient flows through the weight, eagerly it does not, and the losses differ from step 2.
# verify: c.error is None and not close(c.losses, e.losses)
import tensorflow as tf


def focusing_weight(y_pred, gamma):
    confidence = float(tf.reduce_mean(y_pred))  # label: ACC3
    return (1.0 - confidence) ** gamma


class FocalTrainer(tf.Module):
    def __init__(self, gamma=2.0):
        super().__init__()
        self.w = tf.Variable(tf.zeros((3, 1)))
        self.gamma = gamma

    @tf.function
    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            p = tf.sigmoid(x @ self.w)
            bce = -tf.reduce_mean(y * tf.math.log(p) + (1 - y) * tf.math.log(1 - p))
            loss = focusing_weight(p, self.gamma) * bce
        self.w.assign_sub(0.1 * tape.gradient(loss, self.w))
        return loss


error = None
losses = []
try:
    trainer = FocalTrainer()
    for _ in range(3):
        losses.append(trainer.train_step(tf.ones((8, 3)), tf.ones((8, 1))))
except Exception as exc:
    error = type(exc).__name__
