# source: blind57:tf_function_per_call_1
# framework: TF
# An evaluation helper wraps the model's call in a new `tf.function` every time it is asked
# for predictions; each wrapper traces afresh, once per evaluation batch.
# verify: c.tf['call'] >= 8
import tensorflow as tf


class Regressor(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable(tf.ones([3, 1]))

    def call(self, x):
        return x @ self.w


def predict(model, x):
    fast = tf.function(model.call)  # label[a]
    return fast(x)  # label[a]: ACC5


def evaluate(model, batches):
    return [predict(model, b) for b in batches]  # label[a]


preds = evaluate(Regressor(), [tf.ones([2, 3]) * i for i in range(10)])
