# source: https://github.com/tensorflow/models/issues/10936
# framework: TF
# A static checker's report on seq_flow_lite's SGNN: `fused_project` defines the tf.function
# `func` in its body and calls it, and `fused_project` is called in a loop, so each call makes a
# new tf.function that traces again. The projection is reduced to a hashed feature projection
# of the token ids; the loop runs over `num_batches` batches.
# Written from the report's description of the structure (its code is in the linked repository).
# verify: c.tf['func'] >= 8
import tensorflow as tf


def fused_project(ids, weights):
    @tf.function  # label[f]
    def func(ids, weights):
        hashed = tf.math.floormod(ids * 2654435761, 1024)
        return tf.nn.embedding_lookup(weights, hashed)

    return func(ids, weights)  # label[f]: ACC5


weights = tf.random.normal((1024, 8))
num_batches = 10
for batch in range(num_batches):
    ids = tf.constant([[1, 2, 3], [4, 5, 6]], dtype=tf.int32) + batch
    projected = fused_project(ids, weights)  # label[f]
