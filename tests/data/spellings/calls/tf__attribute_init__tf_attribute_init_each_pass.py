# spelling: framework=tf axis=identity component=tf_attribute_init_each_pass reach=attribute_init written-as=hazard loop=direct
# run (4 -> 8 passes, traces per line): line 22: 4 -> 8
# label: storm line=22
import functools

import numpy as np
import tensorflow as tf


def body(v, w):
    return v * w


class Trainer:
    def __init__(self):
        self.step = tf.function(body)


def run(n):
    x = tf.ones(3)
    for i in range(n):
        Trainer().step(x, 2.0)
