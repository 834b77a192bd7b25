# source: blind55:tf_global_setup_fine_2
# framework: TF
# label: none
# The smoothing global is read from the experiment config before training starts and never
# changed after the first call.
# verify: close(c.losses, e.losses)
import tensorflow as tf

SMOOTHING = 0.0


@tf.function
def smoothed_loss(labels, logits):
    n = tf.cast(tf.shape(logits)[-1], tf.float32)
    soft = labels * (1.0 - SMOOTHING) + SMOOTHING / n
    return tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(soft, logits))


def configure(cfg):
    global SMOOTHING
    SMOOTHING = cfg["label_smoothing"]


configure({"label_smoothing": 0.1})
labels = tf.one_hot([0, 1], 3)
losses = []
for epoch in range(4):
    logits = tf.constant([[2.0, 0.0, 0.0], [0.0, 2.0, 0.0]]) * (epoch + 1)
    losses.append(float(smoothed_loss(labels, logits)))
