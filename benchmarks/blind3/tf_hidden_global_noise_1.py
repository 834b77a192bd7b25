# source: blind57:tf_hidden_global_noise_1
# framework: TF
# A module-level `LABEL_SMOOTHING` is read by a loss helper that a tf.function step calls;
# `main()` turns smoothing off for fine-tuning after pre-training ran. The step traced
# during pre-training still smooths.
# verify: not close(c.ft_loss, e.ft_loss)
import tensorflow as tf

LABEL_SMOOTHING = 0.2


def smoothed_xent(labels, logits):
    n = tf.cast(tf.shape(labels)[-1], tf.float32)
    soft = labels * (1.0 - LABEL_SMOOTHING) + LABEL_SMOOTHING / n  # label[a]: ACC6
    return tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(soft, logits))


class Classifier:
    def __init__(self):
        self.w = tf.Variable(tf.zeros([2, 3]))

    @tf.function
    def step(self, x, y):
        with tf.GradientTape() as tape:
            loss = smoothed_xent(y, x @ self.w)
        self.w.assign_sub(0.1 * tape.gradient(loss, self.w))
        return loss


def main():
    global LABEL_SMOOTHING
    clf = Classifier()
    x, y = tf.ones([2, 2]), tf.constant([[1.0, 0.0, 0.0]] * 2)
    for _ in range(3):
        clf.step(x, y)
    LABEL_SMOOTHING = 0.0  # label[a]
    return float(clf.step(x, y))


ft_loss = main()
