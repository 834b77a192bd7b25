# spelling: framework=tf axis=helper component=tf_helper_calls reach=helper written-as=hazard
# run (4 -> 8 passes, traces per line): line 41: 4 -> 8
# label: storm line=41
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


def step(x, epoch):
    return train_step(x, 1.0 / (epoch + 1))


def run(n):
    x = tf.ones(3)
    for i in range(n):
        step(x, i)
