# spelling: framework=tf axis=identity component=tf_lambda reach=under_if written-as=hazard
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
            tf.function(lambda v: v * 2.0)(x)
