# source: blind57:tf_comprehension_filter_fine_1
# framework: TF
# label: none
# The balancing helper uses an `if` statement on the summed loss, which AutoGraph turns into
# `tf.cond` inside the tf.function step.
# verify: c.error is None and close(c.value, e.value)
import tensorflow as tf


def balance(task_losses):
    total = tf.add_n(task_losses)
    if total > 0:
        total = total / len(task_losses)
    return total


class MultiTaskTrainer:
    def __init__(self):
        self.w = tf.Variable(tf.ones([2, 3]))

    @tf.function
    def step(self, x, ys):
        preds = tf.unstack(x @ self.w, axis=1)
        losses = [tf.reduce_mean((p - y) ** 2) for p, y in zip(preds, ys)]
        return balance(losses)


def run(trainer):
    try:
        return trainer.step(tf.ones([4, 2]), [tf.zeros([4])] * 3), None
    except Exception as exc:
        return None, type(exc).__name__


value, error = run(MultiTaskTrainer())
