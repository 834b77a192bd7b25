# spelling: framework=tf axis=identity component=tf_hoisted reach=under_if written-as=look-alike
# run (4 -> 8 passes, traces per line): line 31: 1 -> 1
# label: fine
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

DOUBLE = tf.function(double)


def run(n, on=True):
    x = tf.ones(3)
    for i in range(n):
        if on:
            DOUBLE(x)
