# source: https://github.com/tensorflow/tensorflow/issues/34905
# framework: TF
# `tf.function(experimental_relax_shapes=True)` on an instance method, called with `np.ones(i)`
# for i in range(100): the report (TF 2.0/2.1) saw every call of `a.f` retrace, while the same
# decorator on a plain function stopped retracing after the third call. The report's code.
# On TF 2.21 the method relaxes its shape as the function does: two traces for the 100 calls.
# Fine today.
# label: none
# verify: 1 <= c.tf['f'] <= 3
import numpy as np
import tensorflow as tf


class A:
    @tf.function(experimental_relax_shapes=True)
    def f(self, data):
        return tf.reduce_sum(data)


@tf.function(experimental_relax_shapes=True)
def f(data):
    return tf.reduce_sum(data)


a = A()
for i in range(100):
    print(a.f(np.ones(i)))
