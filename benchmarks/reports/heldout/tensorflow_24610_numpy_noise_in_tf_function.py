# source: https://github.com/tensorflow/tensorflow/pull/24610
# framework: TF
# "Fix typo in the documentation of tf.function": the docstring's example `add_noise()` adds
# `np.random.randn(5, 5)` to `tf.eye(5)`; "`add_noise()` will return a different output every time
# it is invoked. However, `traced` will return the same value every time it is called" - the
# NumPy draw runs once, while the function is traced, and becomes a constant of the graph. The
# docstring's example, called three times through `tf.function`.
# verify: close(c.outs[0], c.outs[1]) and close(c.outs[1], c.outs[2]) and not close(e.outs[0], e.outs[1])
import numpy as np
import tensorflow as tf


def add_noise():
    return tf.eye(5) + np.random.randn(5, 5)  # label: ACC1


traced = tf.function(add_noise)
outs = [traced().numpy() for _ in range(3)]
print(outs[0][0], outs[1][0])
