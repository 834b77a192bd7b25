# source: https://tensorflow.org/versions/r2.1/api_docs/python/tf/function
# framework: TF
# tf.function's own documentation: `l.append(i + 1)` in a tf.function "will only happen once
# when tracing". A run on TF 2.21: AutoGraph turns the loop over the tensor into a while loop,
# and the list ends with one symbolic tensor after two calls, against six values eagerly.
# verify: len(c.l) == 1 and len(e.l) == 6
import tensorflow as tf

l = []


@tf.function
def f(x):
    for i in x:
        l.append(i + 1)  # label: ACC4


f(tf.constant([1, 2, 3]))
f(tf.constant([4, 5, 6]))
