# source: https://www.tensorflow.org/guide/function#depending_on_python_objects
# run: fine (same output as eager)
# framework: TF
# property: P4
# label: none
# The guide's fix: the attribute is a tf.Variable, changed with assign.
import tensorflow as tf


class SimpleModel:
    def __init__(self):
        self.bias = tf.Variable(0.0)
        self.weight = tf.Variable(2.0)

    @tf.function
    def __call__(self, x):
        return self.weight * x + self.bias


model = SimpleModel()
x = tf.constant(10.0)
print(float(model(x)))
model.bias.assign(5.0)
print(float(model(x)))
