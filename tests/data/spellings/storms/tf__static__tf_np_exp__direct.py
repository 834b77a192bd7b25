# spelling: framework=tf axis=static component=tf_np_exp reach=direct written-as=hazard
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


def run(n):
    x = tf.ones(3)
    for i in range(n):
        w = float(np.exp(-i / 10))
        train_step(x, w)
