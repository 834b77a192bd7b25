# source: blind56:tf_function_float_fine_1
# framework: TF
# label: none
# A tf.function evaluation step reports the batch's mean confidence through a helper that
# takes `float()` of a tensor. AutoGraph turns `float(t)` into a cast, no gradient is taken,
# so the step runs and matches the eager run.
# verify: c.error is None and close(c.reports, e.reports)
import tensorflow as tf


def confidence_report(y_pred, threshold):
    confidence = float(tf.reduce_mean(y_pred))
    return confidence, confidence > threshold


class Evaluator(tf.Module):
    def __init__(self, cfg):
        super().__init__()
        self.w = tf.Variable(tf.ones((3, 1)) * 0.2)
        self.cfg = cfg

    @tf.function
    def eval_step(self, x):
        p = tf.sigmoid(x @ self.w)
        confidence, confident = confidence_report(p, self.cfg["threshold"])
        return confidence, tf.cast(confident, tf.float32)


error = None
reports = []
try:
    evaluator = Evaluator({"threshold": 0.6})
    for scale in (0.5, 1.0, 4.0):
        reports.append([float(v) for v in evaluator.eval_step(tf.ones((8, 3)) * scale)])
except Exception as exc:
    error = type(exc).__name__
