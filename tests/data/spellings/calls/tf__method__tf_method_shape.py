# spelling: framework=tf axis=shape component=tf_method_shape reach=method written-as=hazard loop=direct
# run (4 -> 8 passes, traces per line): line 26: 4 -> 8
# label: storm line=26
import functools

import numpy as np
import tensorflow as tf


def body(v, w):
    return v * w


class Model:
    @tf.function
    def step(self, v, w):
        return v * w


MODEL = Model()


def run(n):
    x = tf.ones(3)
    for i in range(n):
        MODEL.step(tf.ones([i + 1]), 2.0)
