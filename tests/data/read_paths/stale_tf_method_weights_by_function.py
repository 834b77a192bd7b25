# run (TF 2.21: compiled prints 2.0 2.0; eager (run_functions_eagerly) prints 2.0 3.0)
import tensorflow as tf


class Model:
    def __init__(self):
        self.weights = tf.constant(2.0)

    @tf.function
    def apply(self, x):
        return x * self.weights  # read


def load_weights(m, w):
    m.weights = w


model = Model()
a = model.apply(tf.constant(1.0))
load_weights(model, tf.constant(3.0))
b = model.apply(tf.constant(1.0))
print(float(a), float(b))
