# source: blind57:tf_hidden_global_noise_fine_1
# framework: TF
# label: none
# The global smoothing factor is read by the traced loss, but `main()` sets it from the
# config before the first step and never changes it afterwards: nothing goes stale.
# verify: close(c.ft_loss, e.ft_loss)
import tensorflow as tf

LABEL_SMOOTHING = 0.2


def smoothed_xent(labels, logits):
    n = tf.cast(tf.shape(labels)[-1], tf.float32)
    soft = labels * (1.0 - LABEL_SMOOTHING) + LABEL_SMOOTHING / n
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


def main(config):
    global LABEL_SMOOTHING
    LABEL_SMOOTHING = config["smoothing"]
    clf = Classifier()
    x, y = tf.ones([2, 2]), tf.constant([[1.0, 0.0, 0.0]] * 2)
    for _ in range(3):
        clf.step(x, y)
    return float(clf.step(x, y))


ft_loss = main({"smoothing": 0.0})
