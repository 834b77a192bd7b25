# spelling: framework=tf axis=helper component=tf_helper_shape_relaxed reach=helper written-as=look-alike
# run (4 -> 8 passes, traces per line): line 34: 2 -> 2
# label: fine
import numpy as np
import tensorflow as tf

@tf.function
def train_step(v, w):
    return v * w


@tf.function
def total(v):
    return tf.reduce_sum(v)


@tf.function(reduce_retracing=True)
def relaxed(v):
    return tf.reduce_sum(v)


@tf.function
def with_hparams(v, hp):
    return v * hp["lr"]


def batch(i):
    return tf.ones([i + 1, 2])


def run(n):
    x = tf.ones(3)
    for i in range(n):
        relaxed(batch(i))
