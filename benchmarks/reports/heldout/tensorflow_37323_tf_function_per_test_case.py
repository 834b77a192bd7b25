# source: https://github.com/tensorflow/tensorflow/issues/37323
# framework: TF
# "Count number of times `tf.function` is traced": a parametrized test wraps `test(arg1, arg2)`
# in `tf.function` when `use_tf_function` is set, calls it, and wants to check that it is not
# retraced many times. One wrapping per test case, called with tensors of one signature: one trace
# each. Fine. Reduced: the reporter's test body for both parametrizations, with a stand-in for
# `my_function` and the trace count the feature later added.
# label: none
# verify: c.counts == [1]
import tensorflow as tf


def my_function(arg1, arg2):
    return arg1 * arg2 + 1.0


counts = []
for use_tf_function in (True, False):

    def test(arg1, arg2):
        return my_function(arg1, arg2)

    test_func = test
    if use_tf_function:
        test_func = tf.function(test_func)

    for _ in range(5):
        test_func(tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0]))
    if use_tf_function:
        counts.append(test_func.experimental_get_tracing_count())
