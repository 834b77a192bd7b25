# source: https://github.com/tensorflow/tensorflow/issues/24742
# framework: TF
# "Inconsistent behavior of tf.function when using autograph": ageron's example `@tf.function def
# foo(x): for i in tf.range(10): x = x + 1; return x`, called as `foo(5)` and
# `foo(tf.constant(5))`; users expected the two to behave the same. Each call traces once for its
# signature (the Python 5 as a constant, the tensor as an input) and both return 15. Fine. The
# example's two calls.
# label: none
# verify: c.r == [15, 15] and c.tf["foo"] <= 2
import tensorflow as tf


@tf.function
def foo(x):
    for i in tf.range(10):
        x = x + 1
    return x


r = [int(foo(5)), int(foo(tf.constant(5)))]
