# spelling: framework=tf axis=shape component=tf_dict_item_shape reach=dict_item written-as=hazard loop=direct
# run (4 -> 8 passes, traces per line): line 20: 4 -> 8
# label: storm line=20
import functools

import numpy as np
import tensorflow as tf


def body(v, w):
    return v * w


FNS = {"mul": tf.function(body)}


def run(n):
    x = tf.ones(3)
    for i in range(n):
        FNS["mul"](tf.ones([i + 1]), 2.0)
