# spelling: framework=tf axis=shape component=tf_shape reach=under_if written-as=hazard
# run (4 -> 8 passes, traces per line): line 29: 4 -> 8
# label: storm line=29
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


def run(n, on=True):
    x = tf.ones(3)
    for i in range(n):
        if on:
            train_step(tf.ones([i + 1]), 1.0)
