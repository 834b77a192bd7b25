# spelling: framework=tf axis=identity component=tf_lambda_each_pass reach=lambda written-as=hazard loop=direct
# run (4 -> 8 passes, traces per line): line 17: 4 -> 8
# label: storm line=17
import functools

import numpy as np
import tensorflow as tf


def body(v, w):
    return v * w


def run(n):
    x = tf.ones(3)
    for i in range(n):
        tf.function(lambda v: v * 2.0)(x)
