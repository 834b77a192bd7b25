# source: blind56:tf_new_function_eval_1
# framework: TF
# The evaluation helper wraps its prediction function in tf.function every time it is
# called, and the training loop evaluates after every epoch: a new tf.function object per
# epoch, each traced again.
# verify: c.tf['predict_batch'] >= 8
import tensorflow as tf


class Regressor(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable(tf.ones((3, 1)))

    def __call__(self, x):
        return x @ self.w


def evaluate(model, batches):
    def predict_batch(x):
        return model(x)

    predict = tf.function(predict_batch)  # label[a]
    return float(sum(tf.reduce_sum(predict(x)) for x in batches))  # label[a]: ACC5


def train_epoch(model, batches):
    for x in batches:
        model.w.assign_sub(0.01 * tf.reduce_mean(x, axis=0)[:, None])


model = Regressor()
val = [tf.ones((4, 3))] * 2
scores = []
for epoch in range(10):
    train_epoch(model, val)
    scores.append(evaluate(model, val))  # label[a]
