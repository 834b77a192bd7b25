# spelling: framework=tf axis=static component=tf_name_caller reach=name written-as=hazard loop=caller
# run (4 -> 8 passes, traces per line): line 18: 4 -> 8
# label: storm line=18
import functools

import numpy as np
import tensorflow as tf


def body(v, w):
    return v * w


F = tf.function(body)


def step(x, i):
    return F(x, 0.1 * i)


def run(n):
    x = tf.ones(3)
    for i in range(n):
        step(x, i)
