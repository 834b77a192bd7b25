# source: https://github.com/tensorflow/tensorflow/issues/34940
# framework: TF
# "Autograph issues with TF documented examples": the guide's `square_if_positive` (`if x > 0:
# x = x * x else: x = 0`) under `@tf.function` raised OperatorNotAllowedInGraphError ("AutoGraph
# did not convert this function") on TF 2.0 with Python 3.8. On TF 2.21 AutoGraph converts the
# `if` to `tf.cond` and the function gives the eager results for positive and negative inputs.
# The documented example. Fine.
# label: none
# verify: c.results == e.results == [4, 0]
import tensorflow as tf


@tf.function
def square_if_positive(x):
    if x > 0:
        x = x * x
    else:
        x = 0
    return x


results = [int(square_if_positive(tf.constant(2))), int(square_if_positive(tf.constant(-2)))]
print(results)
