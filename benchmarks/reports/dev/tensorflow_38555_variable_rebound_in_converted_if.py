# source: https://github.com/tensorflow/tensorflow/issues/38555
# framework: TF
# In a tf.function, `a` (a variable) is rebound to the result of `a[0].assign(...)` in both
# branches of an `if` on a tensor. AutoGraph turns the `if` into `tf.cond`, whose outputs are
# tensors: on the next pass of the (unrolled) Python loop `a` is a Tensor and `a[0].assign`
# fails. Eagerly it runs. (The error is caught to be checked.)
# verify: c.error is not None and e.error is None
import numpy as np
import tensorflow as tf


@tf.function
def foo(a):
    for i in range(10):
        if a[0] > 3:  # label: ACC2
            a = a[0].assign(1)
        else:
            a = a[0].assign(2)


a = tf.Variable(np.array([1, 2, 3]))
error = None
try:
    foo(a)
except Exception as exc:
    error = f"{type(exc).__name__}: {exc}"
print(error)
