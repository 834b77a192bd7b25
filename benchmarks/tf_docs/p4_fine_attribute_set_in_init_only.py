# source: https://www.tensorflow.org/guide/function#depending_on_python_objects
# run: fine (same output as eager)
# framework: TF
# property: P4
# label: none
# The attribute is set in __init__ and never changed: a new object gets its own trace.
import tensorflow as tf


class Scaler:
    def __init__(self, factor):
        self.factor = factor

    @tf.function
    def __call__(self, x):
        return x * self.factor


for factor in (1.0, 2.0):
    print(float(Scaler(factor)(tf.constant(3.0))))
