# spelling: framework=tf axis=identity component=tf_method_object_each_pass reach=method written-as=hazard loop=direct
# run (4 -> 8 passes, traces per line): line 23: 4 -> 8
# label: storm line=23
import functools

import numpy as np
import tensorflow as tf


def body(v, w):
    return v * w


class Model:
    @tf.function
    def step(self, v):
        return v * 2.0


def run(n):
    x = tf.ones(3)
    for i in range(n):
        Model().step(x)
