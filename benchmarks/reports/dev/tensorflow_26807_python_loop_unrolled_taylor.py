# source: https://github.com/tensorflow/tensorflow/issues/26807
# framework: TF
# "tf 2 doesn't allow static unrolling of loops which can be slower": a matrix exponential by a
# Taylor series in a tf.function. AutoGraph keeps a `for` over a Python `range` as a Python loop
# (it is unrolled while tracing; only loops over tensors become tf.while_loop), so the static
# unrolling the reporter wanted happens, the function traces once and matches the eager result.
# Fine.
# label: none
# verify: c.tf['expm'] == 1 and close(c.results, e.results)
import numpy as np
import tensorflow as tf


@tf.function
def expm(x, n=12):
    result = tf.eye(x.shape[0], dtype=x.dtype)
    term = tf.eye(x.shape[0], dtype=x.dtype)
    for i in range(1, n):
        term = tf.matmul(term, x) / i
        result = result + term
    return result


a = tf.constant(np.array([[0.0, 1.0], [-1.0, 0.0]]) * 0.5)
results = [expm(a).numpy(), expm(a * 2).numpy()]
print(results)
