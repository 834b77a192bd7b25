# spelling: framework=tf axis=object component=tf_object_attribute reach=object written-as=hazard
# run (4 -> 8 passes, traces per line): line 49: 4 -> 8
# label: storm line=49
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


class Cfg:
    def __init__(self, k):
        self.k = k


def run(n):
    x = tf.ones(3)
    for i in range(n):
        hp = Cfg(0.1 * i)
        train_step(x, hp.k)
