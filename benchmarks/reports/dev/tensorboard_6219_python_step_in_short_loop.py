# source: https://github.com/tensorflow/tensorboard/issues/6219
# framework: TF
# A static checker reported the Python `step` passed to the tf.functions `f` and `g` in a loop.
# The loop runs three times: three traces each, a bounded set (the maintainer: "should not
# matter much"). Fine. The profiler and summary writer calls are left out.
# label: none
# verify: c.tf['f'] == 3 and c.tf['g'] == 3
import tensorflow as tf


def profile():
    @tf.function
    def f(i):
        return tf.constant(i) + tf.constant(i)

    @tf.function
    def g(i):
        return tf.constant(i) * tf.constant(i)

    for step in range(3):
        print(f(step).numpy())
        print(g(step).numpy())


profile()
