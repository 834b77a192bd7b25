# spelling: framework=tf axis=static component=tf_dict_item_static reach=dict_item written-as=hazard loop=direct
# run (4 -> 8 passes, traces per line): line 25: 4 -> 8
# label: storm line=25
import functools

import numpy as np
import tensorflow as tf


def body(v, w):
    return v * w


class Cfg:
    def __init__(self, k):
        self.k = k


FNS = {"mul": tf.function(body)}


def run(n):
    x = tf.ones(3)
    for i in range(n):
        FNS["mul"](x, float(i))
