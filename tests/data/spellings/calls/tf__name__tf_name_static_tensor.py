# spelling: framework=tf axis=static component=tf_name_static_tensor reach=name written-as=look-alike loop=direct
# run (4 -> 8 passes, traces per line): line 20: 1 -> 1
# label: fine
import functools

import numpy as np
import tensorflow as tf


def body(v, w):
    return v * w


F = tf.function(body)


def run(n):
    x = tf.ones(3)
    for i in range(n):
        F(x, tf.constant(float(i)))
