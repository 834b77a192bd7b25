# source: blind58:acc502_tf_fine_tensor_lr_3
# framework: TF
# label: none
# The scheduled learning rate is converted to a tensor before the tf.function call: tensors
# are keyed by dtype and shape only, so one trace serves every epoch.
# verify: c.tf['apply_grads'] == 1
import tensorflow as tf

w = tf.Variable(tf.ones([3]))


@tf.function
def apply_grads(g, lr):
    w.assign_sub(lr * g)
    return w


def schedule(epoch):
    return tf.constant(0.1 / (1 + epoch), dtype=tf.float32)


for epoch in range(10):
    apply_grads(tf.ones([3]), schedule(epoch))
w_final = w.numpy()
