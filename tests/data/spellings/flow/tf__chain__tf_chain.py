# spelling: framework=tf axis=chain component=tf_chain reach=chain written-as=hazard
# run (4 -> 8 passes, traces per line): line 44: 4 -> 8
# label: storm line=44
import numpy as np
import tensorflow as tf

class Config:
    pass


def double(v):
    return v * 2.0


@tf.function
def train_step(v, w):
    return v * w


@tf.function(reduce_retracing=True)
def relaxed(v):
    return v * 2.0


@tf.function
def keyed(v, k):  # k only in the key
    return v * 2.0


@tf.function
def total(v):
    return tf.reduce_sum(v)


@tf.function
def with_hparams(v, hp):
    return v * hp["lr"]


def run(n):
    x = tf.ones(3)
    for i in range(n):
        lr = max(0.01, 0.1 * 0.9 ** i)
        train_step(x, lr)
