# source: https://github.com/tensorflow/tensorflow/issues/32748
# framework: TF
# Two new tf.Variables passed to a tf.function, one after the other (an AttributeError in TF
# 2.0). On TF 2.21 both calls run and share one trace: a variable argument is keyed by its
# spec. Fine.
# label: none
# verify: c.tf['foo'] <= 2
import tensorflow as tf


@tf.function
def foo(v):
    pass


foo(tf.Variable(1))
foo(tf.Variable(1))
