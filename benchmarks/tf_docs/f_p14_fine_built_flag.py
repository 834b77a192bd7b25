# source: https://www.tensorflow.org/guide/function#creating_tfvariables
# run: fine (same output as eager)
# framework: TF
# property: P14
# label: none
# Written after the stop-43 changes: the variable is made on the first call behind a built flag.
import tensorflow as tf


class Accumulator:
    def __init__(self):
        self.built = False

    @tf.function
    def __call__(self, x):
        if not self.built:
            self.total = tf.Variable(tf.zeros_like(x))
            self.built = True
        self.total.assign_add(x)
        return self.total.read_value()


acc = Accumulator()
print([acc(tf.constant([1.0, 2.0])).numpy().tolist() for _ in range(3)])
