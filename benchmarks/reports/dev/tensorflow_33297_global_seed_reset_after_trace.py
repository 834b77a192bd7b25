# source: https://github.com/tensorflow/tensorflow/issues/33297
# framework: TF
# `tf.random.set_seed(42)` is called again before the second pair of draws. Eagerly the pair
# repeats; the report (TF 2.0) was that in the tf.function the reset did not reach the draw
# ("the global random seed is only taken into account when a function is traced"). On TF 2.21
# the traced pair repeats too. Fine today.
# label: none
# verify: close(e.first, e.second) and close(c.first, c.second)
import tensorflow as tf


@tf.function
def rnd():
    return tf.random.uniform(shape=[])


tf.random.set_seed(42)
first = [float(rnd()), float(rnd())]
tf.random.set_seed(42)
second = [float(rnd()), float(rnd())]
print(first, second)
