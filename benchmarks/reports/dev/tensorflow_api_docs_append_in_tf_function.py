# source: https://tensorflow.org/versions/r2.1/api_docs/python/tf/function
# framework: TF
# tf.function's own documentation: `l.append(i + 1)` in a tf.function "will only happen once
# when tracing"; the list holds symbolic tensors, not one value per element per call.
# verify: len(c.l) == 3 and len(e.l) == 6
import tensorflow as tf

l = []


@tf.function
def f(x):
    for i in x:
        l.append(i + 1)  # label: ACC4


f(tf.constant([1, 2, 3]))
f(tf.constant([4, 5, 6]))
