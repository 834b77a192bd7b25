# source: https://www.tensorflow.org/guide/function#using_python_iterators_and_generators
# run: wrong (graph printed 1 lines, eager 1; first difference: '3.0 3.0' vs '3.0 0.0')
# framework: TF
# property: P8
# Module level: the tf.function sums what a Python generator made outside it yields.
import tensorflow as tf


def chunks():
    for i in range(3):
        yield tf.constant(float(i))


gen = chunks()


@tf.function
def total():
    s = tf.constant(0.0)
    for c in gen:  # label: ACC603
        s += c
    return s


print(float(total()), float(total()))
