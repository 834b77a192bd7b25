# source: https://github.com/tensorflow/tensorflow/issues/33434
# framework: TF
# `add` is called with a scalar and then twice with length-2 vectors: two traces, the second
# shape reused (the user's print, which showed the traces, is left out: the trace count counts).
# Three calls, two shapes: bounded. The user closed the issue with `input_signature`. Fine.
# label: none
# verify: c.tf['add'] == 2
import tensorflow as tf


@tf.function
def add(a, b):
    return a + b


add(tf.constant(1), tf.constant(2))
add(tf.constant([1, 2]), tf.constant([2, 4]))
add(tf.constant([333, 2]), tf.constant([2, 4444]))
