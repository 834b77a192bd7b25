# spelling: framework=tf axis=static component=tf_name_static reach=name written-as=hazard loop=direct
# run (4 -> 8 passes, traces per line): line 20: 0 -> 8
# label: storm line=20
import functools

import numpy as np
import tensorflow as tf


def body(v, w):
    return v * w


F = tf.function(body)


def run(n):
    x = tf.ones(3)
    for i in range(n):
        F(x, float(i))
