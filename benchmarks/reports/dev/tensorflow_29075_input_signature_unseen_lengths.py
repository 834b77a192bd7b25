# source: https://github.com/tensorflow/tensorflow/issues/29075
# framework: TF
# A tf.function with an `input_signature` whose time dimension is None, called on batches of
# varying sequence length: the signature covers every length, so it is traced on the first call
# only (twice there, as the dense layer creates its weights while tracing); the report's slower
# first calls on unseen lengths were a runtime effect, not a retrace. Fine: no trace after the
# first call. (The report's token-based batch generator is reduced to random lengths; the
# model to a dense layer over the last axis.)
# label: none
# verify: c.tf['step'] <= 2
import random

import tensorflow as tf

dense = tf.keras.layers.Dense(16)


@tf.function(input_signature=[tf.TensorSpec([None, None, 32], tf.float32)])
def step(x):
    return tf.reduce_sum(dense(x))


random.seed(0)
for _ in range(20):
    batch = random.randint(1, 8)
    length = random.randint(5, 50)
    step(tf.random.uniform([batch, length, 32]))
