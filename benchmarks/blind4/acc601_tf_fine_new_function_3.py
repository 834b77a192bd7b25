# source: blind58:acc601_tf_fine_new_function_3
# framework: TF
# label: none
# Each of three stages rebinds a module-level margin and then wraps the loss in a new
# tf.function: each wrapper starts with an empty cache, so each stage traces its own margin.
# verify: close(c.outs, e.outs) and c.tf['hinge'] == 3
import tensorflow as tf

MARGIN = 1.0


def hinge(score):
    return tf.reduce_mean(tf.nn.relu(MARGIN - score))


outs = []
for stage in range(3):
    MARGIN = 1.0 + stage
    loss = tf.function(hinge)
    outs.append([loss(tf.zeros([4])).numpy() for _ in range(2)])
