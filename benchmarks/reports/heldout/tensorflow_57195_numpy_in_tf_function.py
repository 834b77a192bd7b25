# source: https://github.com/tensorflow/tensorflow/issues/57195
# framework: TF
# `return (x + y).numpy()` in a tf.function: while tracing, `x + y` is a symbolic tensor with
# no `.numpy()` (AttributeError); eagerly it is an array. (The error is caught to be checked.)
# verify: "numpy" in c.error and e.error is None
import tensorflow as tf

x = tf.ones([1])
y = tf.ones([1])


@tf.function
def f(x, y):
    return (x + y).numpy()  # label: ACC3


error = None
try:
    f(x, y)
except AttributeError as exc:
    error = str(exc)
print(error)
