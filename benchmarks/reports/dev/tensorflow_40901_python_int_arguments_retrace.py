# source: https://github.com/tensorflow/tensorflow/pull/40901
# framework: TF
# The pull request's example: a tf.function called with the Python ints 1 and 2 traces once per
# value ("Function is retraced"), which `experimental_follow_type_hints=True` and an `x:
# tf.Tensor` annotation avoid. Two calls written out one by one: two traces, a bounded set.
# label: none
# verify: c.tf['f'] <= 2 and close(c.r2, e.r2)
import tensorflow as tf


@tf.function
def f(x):
    return x


r1 = f(1)
r2 = f(2)  # Function is retraced
