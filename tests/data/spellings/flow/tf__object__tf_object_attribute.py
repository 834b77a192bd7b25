# spelling: framework=tf axis=object component=tf_object_attribute reach=object written-as=hazard
# run (4 -> 8 passes, traces per line): line 36: 4 -> 8
# label: storm line=36
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


class Cfg:
    def __init__(self, k):
        self.k = k


def run(n):
    x = tf.ones(3)
    for i in range(n):
        hp = Cfg(0.1 * i)
        train_step(x, hp.k)
