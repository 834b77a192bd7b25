# source: https://github.com/google-research/google-research/issues/1485
# framework: TF
# A static checker's report on m_theory's ODE timings: `get_ode_timings` defines the
# tf.functions `tf_ydot` and `tf_loss` in its body and calls them, and is called in a loop, so
# each call makes new tf.functions that trace again. The ODE is reduced to a linear system and
# its loss; the timing loop runs `num_timings` times.
# Written from the report's description of the structure (its code is in the linked repository).
# verify: c.tf['tf_ydot'] >= 8 and c.tf['tf_loss'] >= 8
import tensorflow as tf


def get_ode_timings(y0, matrix):
    @tf.function  # label[y]
    def tf_ydot(y):
        return tf.linalg.matvec(matrix, y)

    @tf.function  # label[l]
    def tf_loss(y):
        return tf.reduce_sum(tf.square(tf_ydot(y)))  # label[y]: ACC5

    return tf_loss(y0)  # label[l]: ACC5


matrix = tf.constant([[0.0, 1.0], [-1.0, 0.0]])
num_timings = 10
for i in range(num_timings):
    loss = get_ode_timings(tf.constant([1.0, float(i)]), matrix)  # label[y] label[l]
