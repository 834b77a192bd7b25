# spelling: framework=tf axis=static component=tf_factory_function_static_tensor reach=factory_function written-as=look-alike loop=direct
# run (4 -> 8 passes, traces per line): line 22: 1 -> 1
# label: fine
import functools

import numpy as np
import tensorflow as tf


def body(v, w):
    return v * w


def make():
    return tf.function(body)


def run(n):
    x = tf.ones(3)
    f = make()
    for i in range(n):
        f(x, tf.constant(float(i)))
