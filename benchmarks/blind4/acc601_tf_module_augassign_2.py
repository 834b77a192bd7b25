# source: blind58:acc601_tf_module_augassign_2
# framework: TF
# A tf.function step reads a module-level loss scale, and the script halves it with an
# augmented assignment at module level between calls: the trace keeps the first scale.
# verify: not close(c.outs, e.outs)
import tensorflow as tf

LOSS_SCALE = 8.0


@tf.function
def scaled_loss(pred, target):
    return tf.reduce_mean((pred - target) ** 2) * LOSS_SCALE  # label[a]: ACC601


outs = []
for step in range(4):
    outs.append(scaled_loss(tf.ones([3]), tf.zeros([3])).numpy())
    LOSS_SCALE /= 2  # label[a]
