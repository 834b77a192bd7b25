# spelling: framework=tf axis=static component=tf_lambda_static reach=lambda written-as=hazard loop=direct
# run (4 -> 8 passes, traces per line): line 20: 4 -> 8
# label: storm line=20
import functools

import numpy as np
import tensorflow as tf


def body(v, w):
    return v * w


F = tf.function(lambda v, w: v * w)


def run(n):
    x = tf.ones(3)
    for i in range(n):
        F(x, float(i))
