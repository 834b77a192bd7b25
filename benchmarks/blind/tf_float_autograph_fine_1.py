# source: blind55:tf_float_autograph_fine_1
# framework: TF
# label: none
# float() of a tensor in a plain tf.function: AutoGraph converts it into a cast, the function
# traces and matches eager.
# verify: close(c.outs, e.outs)
import tensorflow as tf


@tf.function
def normalise(x):
    peak = float(tf.reduce_max(tf.abs(x)))
    return x / (peak + 1e-6)


outs = [normalise(tf.constant([1.0, -4.0, 2.0])), normalise(tf.constant([0.5, 0.25, 0.0]))]
