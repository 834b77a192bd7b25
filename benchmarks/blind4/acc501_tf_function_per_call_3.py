# source: blind58:acc501_tf_function_per_call_3
# framework: TF
# An evaluator wraps its metric function in tf.function inside the method it calls for every
# batch: each tf.function object starts with an empty cache and traces again.
# verify: c.tf['batch_metric'] >= 8
import tensorflow as tf


def batch_metric(y_true, y_pred):
    return tf.reduce_mean(tf.abs(y_true - y_pred))


class Evaluator:
    def __init__(self):
        self.total = 0.0

    def update(self, y_true, y_pred):
        metric = tf.function(batch_metric)
        self.total += float(metric(y_true, y_pred))  # label: ACC501


def batches(n):
    for i in range(n):
        yield tf.fill([8], float(i)), tf.zeros([8])


evaluator = Evaluator()
for y, p in batches(10):
    evaluator.update(y, p)
total = evaluator.total
