# spelling: framework=tf axis=shape component=tf_shape_relaxed reach=while written-as=look-alike
# run (4 -> 8 passes, traces per line): line 29: 2 -> 2
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


def run(n):
    x = tf.ones(3)
    i = 0
    while i < n:
        relaxed(tf.ones([i + 1]))
        i += 1
