# source: blind58:acc503_tf_fine_signature_2
# framework: TF
# label: none
# The same growing batches as a storm, but the tf.function declares an input signature with
# an unknown width: one trace serves every shape.
# verify: c.tf['encode'] == 1
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, None], tf.int32)])
def encode(batch):
    return tf.reduce_sum(tf.cast(batch, tf.float32), axis=1)


outs = []
for i in range(10):
    outs.append(encode(tf.ones([2, i + 2], tf.int32)))
