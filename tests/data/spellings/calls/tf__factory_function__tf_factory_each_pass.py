# spelling: framework=tf axis=identity component=tf_factory_each_pass reach=factory_function written-as=hazard loop=direct
# run (4 -> 8 passes, traces per line): line 26: 4 -> 8
# label: storm line=26
import functools

import numpy as np
import tensorflow as tf


def body(v, w):
    return v * w


class Cfg:
    def __init__(self, k):
        self.k = k


def make():
    return tf.function(body)


def run(n):
    x = tf.ones(3)
    for i in range(n):
        make()(x, 2.0)
