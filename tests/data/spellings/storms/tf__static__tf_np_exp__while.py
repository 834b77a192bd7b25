# spelling: framework=tf axis=static component=tf_np_exp reach=while written-as=hazard
# run (4 -> 8 passes, traces per line): line 30: 4 -> 8
# label: storm line=30
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
        w = float(np.exp(-i / 10))
        train_step(x, w)
        i += 1
