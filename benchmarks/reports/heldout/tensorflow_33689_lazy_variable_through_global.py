# source: https://github.com/tensorflow/tensorflow/issues/33689
# framework: TF
# The working version from the thread: a tf.function creates its variable on the first call
# only, through `global foo` (`if foo is None: foo = tf.Variable(1)`), the pattern TF documents
# for variables in tf.function. The global write runs once, while tracing, and that is the
# point. Calls with `value` and without give the eager results.
# label: none
# verify: close(c.r1, e.r1) and close(c.r2, e.r2)
import tensorflow as tf

foo = None


@tf.function
def bar(value=None):
    if value is not None:
        result = tf.constant(value)
        return result
    else:
        global foo
        if foo is None:
            foo = tf.Variable(1)
        return foo


r1 = bar()
r2 = bar()
