# source: https://www.tensorflow.org/guide/function#creating_tfvariables
# run: fine (same output as eager)
# framework: TF
# property: P14
# label: none
# The guide's fix: the variable is made once, on the first call, and kept on the object.
import tensorflow as tf


class Count:
    def __init__(self):
        self.acc = None

    @tf.function
    def __call__(self, x):
        if self.acc is None:
            self.acc = tf.Variable(0.0)
        self.acc.assign_add(tf.reduce_sum(x))
        return self.acc.read_value()


c = Count()
for i in range(3):
    print(i, float(c(tf.constant([1.0, float(i)]))))
