# source: https://www.tensorflow.org/api_docs/python/tf/data/Dataset#filter
# run: wrong (graph printed 1 lines, eager 1; first difference: 'kept []' vs 'kept [1, 2, 4, 6, 7, 11, 14, 19]')
# framework: TF
# property: P11
# Written at stop 44 before any change: a pipeline keeps a random half of the examples with a
# Python draw in its filter predicate; the predicate is traced once, the draw frozen.
import random

import tensorflow as tf


def keep(x):
    return random.random() < 0.5  # label: ACC101


def subsample(ds):
    return ds.filter(keep)


ds = subsample(tf.data.Dataset.range(20))
print("kept", [int(v) for v in ds])
