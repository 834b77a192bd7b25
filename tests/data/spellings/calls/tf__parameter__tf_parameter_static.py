# spelling: framework=tf axis=static component=tf_parameter_static reach=parameter written-as=hazard loop=direct
# run (4 -> 8 passes, traces per line): line 16: 4 -> 8
# label: storm line=16
import functools

import numpy as np
import tensorflow as tf


def body(v, w):
    return v * w


def train(step_fn, x, n):
    for i in range(n):
        step_fn(x, float(i))


def run(n):
    train(tf.function(body), tf.ones(3), n)
