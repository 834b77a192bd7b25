# spelling: framework=tf axis=identity component=tf_local_def reach=method written-as=hazard
# run (4 -> 8 passes, traces per line): line 35: 4 -> 8
# label: storm line=35
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


@tf.function
def keyed(v, k):  # k only in the key
    return v * 2.0


class Runner:
    def step(self, x, i):
        @tf.function
        def f(v):
            return v * 2.0
        f(x)


def run(n):
    x = tf.ones(3)
    runner = Runner()
    for i in range(n):
        runner.step(x, i)
