# spelling: framework=tf axis=shape component=tf_shape_relaxed reach=direct written-as=look-alike
# run (4 -> 8 passes, traces per line): line 28: 2 -> 2
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
    for i in range(n):
        relaxed(tf.ones([i + 1]))
