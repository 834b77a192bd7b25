# spelling: framework=tf axis=static component=tf_factory_function_static reach=factory_function written-as=hazard loop=direct
# run (4 -> 8 passes, traces per line): line 22: 4 -> 8
# label: storm line=22
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
        f(x, float(i))
