# spelling: framework=tf axis=identity component=tf_factory_cached_each_pass reach=factory_cached written-as=look-alike loop=direct
# run (4 -> 8 passes, traces per line): line 22: 1 -> 1
# label: fine
import functools

import numpy as np
import tensorflow as tf


def body(v, w):
    return v * w


@functools.lru_cache
def make():
    return tf.function(body)


def run(n):
    x = tf.ones(3)
    for i in range(n):
        make()(x, 2.0)
