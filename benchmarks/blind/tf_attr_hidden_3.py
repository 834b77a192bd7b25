# source: blind55:tf_attr_hidden_3
# framework: TF
# A tf.Module whose tf.function method reads a plain Python list attribute of class weights; the
# training script rebalances the list in place after the first evaluation.
# verify: not close(c.losses, e.losses)
import tensorflow as tf


class WeightedLoss(tf.Module):
    def __init__(self, weights):
        self.class_weights = list(weights)

    @tf.function
    def __call__(self, labels, probs):
        w = tf.constant(self.class_weights)  # label[a]: ACC6
        per = -tf.reduce_sum(labels * tf.math.log(probs) * w, axis=-1)
        return tf.reduce_mean(per)


loss_fn = WeightedLoss([1.0, 1.0, 1.0])
labels = tf.one_hot([0, 2], 3)
probs = tf.constant([[0.7, 0.2, 0.1], [0.2, 0.2, 0.6]])
losses = []
for rebalance in range(3):
    losses.append(float(loss_fn(labels, probs)))
    loss_fn.class_weights[2] = loss_fn.class_weights[2] * 2  # label[a]
