# source: blind55:tf_global_hidden_1
# framework: TF
# A label-smoothing factor kept as a module global and reduced by the epoch loop; the tf.function
# loss captured the Python float when it was traced and keeps using it.
# verify: not close(c.losses, e.losses)
import tensorflow as tf

SMOOTHING = 0.2


@tf.function
def smoothed_loss(labels, logits):
    n = tf.cast(tf.shape(logits)[-1], tf.float32)
    soft = labels * (1.0 - SMOOTHING) + SMOOTHING / n  # label[a]: ACC6
    return tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(soft, logits))


labels = tf.one_hot([0, 1], 3)
logits = tf.constant([[2.0, 0.0, 0.0], [0.0, 2.0, 0.0]])
losses = []
for epoch in range(4):
    losses.append(float(smoothed_loss(labels, logits)))
    SMOOTHING = SMOOTHING / 2  # label[a]
