# source: https://github.com/tensorflow/tensorflow/issues/26293
# framework: TF
# "In a @tf.function, after `for i in tf.range(10)`, i is still undefined": `@tf.function def
# loop(): for i in tf.range(10): pass; return i` raised NameError in the TF 2.0 preview. The loop
# is a graph loop and `i` its last value; the run decides what TF 2.21 returns. The reporter's
# code.
# label: none
# verify: c.error is None and int(c.r) == 9
import tensorflow as tf


@tf.function
def loop():
    for i in tf.range(10):
        pass
    return i


error = None
r = None
try:
    r = loop()
except Exception as exc:
    error = type(exc).__name__
print(error, r)
