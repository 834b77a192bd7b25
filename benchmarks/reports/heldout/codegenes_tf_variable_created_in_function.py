# source: https://www.codegenes.net/blog/running-the-tensorflow-2-0-code-gives-valueerror-tf-function-decorated-function-tried-to-create-variables-on-non-first-call-what-am-i-doing-wrong
# framework: TF
# A blog post on "tf.function-decorated function tried to create variables on non-first call":
# a tf.function that creates its tf.Variable in the body, called again with a new input type,
# traces again and would create the variable again. Eagerly each call just makes a fresh
# variable. TF 2.21 refuses it at the call.
# verify: c.error is not None and e.error is None
import tensorflow as tf


@tf.function
def scale(x):
    v = tf.Variable(2.0)  # label: ACC4
    return v * x


error = None
try:
    print(scale(tf.constant(1.0)))
    print(scale(tf.constant([1.0, 2.0])))
except Exception as exc:
    error = type(exc).__name__
print(error)
