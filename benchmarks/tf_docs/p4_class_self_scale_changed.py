# source: https://www.tensorflow.org/guide/function#depending_on_python_objects
# run: wrong (graph printed 2 lines, eager 2; first difference: '20.0' vs '25.0')
# framework: TF
# property: P4
# The guide's own shape: a model object whose decorated __call__ reads a Python attribute.
import tensorflow as tf


class SimpleModel:
    def __init__(self):
        self.bias = 0.0
        self.weight = 2.0

    @tf.function
    def __call__(self, x):
        return self.weight * x + self.bias  # label[g]: ACC6


model = SimpleModel()
x = tf.constant(10.0)
print(float(model(x)))
model.bias = 5.0  # label[g]
print(float(model(x)))
