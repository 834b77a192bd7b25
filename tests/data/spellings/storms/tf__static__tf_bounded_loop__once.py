# spelling: framework=tf axis=static component=tf_bounded_loop reach=once written-as=look-alike
# run (4 -> 8 passes, traces per line): line 28: 1 -> 1
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
    for i in range(1):
        train_step(x, float(i))
