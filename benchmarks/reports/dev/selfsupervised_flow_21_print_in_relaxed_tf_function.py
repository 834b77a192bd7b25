# source: https://github.com/mercedes-benz/selfsupervised_flow/pull/21
# framework: TF
# Written from the pull request's description: `tf_func` and `tf_func2`, decorated with the
# project's `relaxed_tf_function` (a `tf.function` wrapper), print with Python's `print`, which
# runs while the function is traced and not on later calls; the pull request switches to
# `tf.print`. The wrapper is reduced to `tf.function(reduce_retracing=True)`; the bodies are
# stand-ins of the same shape (a print of the inputs, then tensor work).
# verify: c.out.count("tf_func called") == 1 and e.out.count("tf_func called") == 5
import tensorflow as tf


def relaxed_tf_function(func):
    return tf.function(func, reduce_retracing=True)


@relaxed_tf_function
def tf_func(points):
    print("tf_func called", points.shape)  # label: ACC4
    return tf.reduce_mean(points, axis=0)


num_steps = 5
for step in range(num_steps):
    tf_func(tf.random.uniform([8, 3]))
