# source: blind55:tf_autograph_if_fine_1
# framework: TF
# label: none
# The same data-dependent `if` in a plain tf.function: AutoGraph turns it into tf.cond, and both
# branches give the eager results.
# verify: close(c.outs, e.outs)
import tensorflow as tf

dense = tf.keras.layers.Dense(4, kernel_initializer="ones")


@tf.function
def gated_residual(x):
    if tf.reduce_mean(tf.abs(x)) < 0.1:
        return x
    return x + dense(x)


outs = [gated_residual(tf.ones((2, 4))), gated_residual(tf.zeros((2, 4)))]
