# spelling: framework=tf axis=static component=tf_name_caller reach=name written-as=hazard loop=caller
# run (4 -> 8 passes, traces per line): line 23: 4 -> 8
# label: storm line=23
import functools

import numpy as np
import tensorflow as tf


def body(v, w):
    return v * w


class Cfg:
    def __init__(self, k):
        self.k = k


F = tf.function(body)


def step(x, i):
    return F(x, 0.1 * i)


def run(n):
    x = tf.ones(3)
    for i in range(n):
        step(x, i)
