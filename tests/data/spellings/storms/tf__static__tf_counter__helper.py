# spelling: framework=tf axis=static component=tf_counter reach=helper written-as=hazard
# run (4 -> 8 passes, traces per line): line 26: 4 -> 8
# label: storm line=26
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


def step(x, i):
    train_step(x, i)


def run(n):
    x = tf.ones(3)
    for i in range(n):
        step(x, i)
