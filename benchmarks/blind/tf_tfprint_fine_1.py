# source: blind55:tf_tfprint_fine_1
# framework: TF
# label: none
# tf.print in the tf.function step: an op in the graph, it prints on every step.
# verify: c.tf['train_step'] == 1
import tensorflow as tf

w = tf.Variable(1.0)


@tf.function
def train_step(x):
    with tf.GradientTape() as tape:
        loss = (w * x - 1.0) ** 2
    w.assign_sub(0.1 * tape.gradient(loss, w))
    tf.print("step loss", loss)
    return loss


for step in range(5):
    train_step(tf.constant(2.0))
