# source: https://www.tensorflow.org/guide/function#using_python_iterators_and_generators
# run: wrong (graph printed 1 lines, eager 1; first difference: '[0.0, 0.0, 0.0]' vs '[1.0, 2.0, 3.0]')
# framework: TF
# property: P8
# Written after the stop-43 changes, to test them on a fresh spelling: a helper's map function
# numbers records with next() of a module-level itertools.count().
import itertools

import tensorflow as tf

record_ids = itertools.count()


def number(x):
    return x * 0 + next(record_ids)  # label: ACC603


def make_dataset():
    return tf.data.Dataset.from_tensor_slices([5.0, 6.0, 7.0]).map(number)


print([float(v) for v in make_dataset()])
