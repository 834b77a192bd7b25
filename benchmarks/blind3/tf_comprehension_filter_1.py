# source: blind57:tf_comprehension_filter_1
# framework: TF
# A loss-balancing helper keeps only the positive per-task losses with a list comprehension's
# `if`; AutoGraph does not convert comprehensions, so inside the tf.function step the tensor
# condition raises.
# verify: c.error is not None and e.error is None
import tensorflow as tf


def balance(task_losses):
    active = [l for l in task_losses if l > 0]  # label: ACC2
    return tf.add_n(active) / len(active)


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
        trainer.step(tf.ones([4, 2]), [tf.zeros([4])] * 3)
    except Exception as exc:
        return type(exc).__name__
    return None


error = run(MultiTaskTrainer())
