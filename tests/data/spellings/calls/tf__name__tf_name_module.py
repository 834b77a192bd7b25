# spelling: framework=tf axis=static component=tf_name_module reach=name written-as=hazard loop=module
# run (4 -> 8 passes, traces per line): line 17: 4 -> 8
# label: storm line=17
import functools

import numpy as np
import tensorflow as tf


def body(v, w):
    return v * w


F = tf.function(body)
x = tf.ones(3)
for i in range(PASSES):
    F(x, float(i))
