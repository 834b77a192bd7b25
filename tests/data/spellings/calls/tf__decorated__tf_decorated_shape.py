# spelling: framework=tf axis=shape component=tf_decorated_shape reach=decorated written-as=hazard loop=direct
# run (4 -> 8 passes, traces per line): line 22: 4 -> 8
# label: storm line=22
import functools

import numpy as np
import tensorflow as tf


def body(v, w):
    return v * w


@tf.function
def F(v, w):
    return v * w


def run(n):
    x = tf.ones(3)
    for i in range(n):
        F(tf.ones([i + 1]), 2.0)
