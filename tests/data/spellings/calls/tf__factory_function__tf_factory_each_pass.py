# spelling: framework=tf axis=identity component=tf_factory_each_pass reach=factory_function written-as=hazard loop=direct
# run (4 -> 8 passes, traces per line): line 21: 4 -> 8
# label: storm line=21
import functools

import numpy as np
import tensorflow as tf


def body(v, w):
    return v * w


def make():
    return tf.function(body)


def run(n):
    x = tf.ones(3)
    for i in range(n):
        make()(x, 2.0)
