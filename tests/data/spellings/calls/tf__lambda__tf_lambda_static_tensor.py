# spelling: framework=tf axis=static component=tf_lambda_static_tensor reach=lambda written-as=look-alike loop=direct
# run (4 -> 8 passes, traces per line): line 20: 1 -> 1
# label: fine
import functools

import numpy as np
import tensorflow as tf


def body(v, w):
    return v * w


F = tf.function(lambda v, w: v * w)


def run(n):
    x = tf.ones(3)
    for i in range(n):
        F(x, tf.constant(float(i)))
