# spelling: framework=tf axis=identity component=tf_hoisted reach=method written-as=look-alike
# run (4 -> 8 passes, traces per line): line 29: 1 -> 1
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


class Runner:
    def step(self, x, i):
        DOUBLE(x)


def run(n):
    x = tf.ones(3)
    runner = Runner()
    for i in range(n):
        runner.step(x, i)
