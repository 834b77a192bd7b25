# source: https://github.com/mingruimingrui/Transformer2/blob/HEAD/notes/varied_shape_control_flow.py
# framework: TF
# A note: inside a tf.function, a `tf.range` loop sets a Python object's attribute to a tensor
# whose shape changes every pass (`module.set(x)`), reads it back and prints its shape with
# tf.print; after the call the author prints `module.x` ("Observe that the variable shaped
# tensor exists only in tf.range"). Run: after the call `module.x` still holds the loop's
# symbolic graph tensor (`Tensor("while/range:0", shape=(None,))`), a value of the trace that
# escaped into a Python object, where the eager twin holds the last range, [0 .. 8]. The
# attribute write run while tracing is the hazard; the call in the loop is as right a place.
# The author's code.
# verify: c.tf['foo'] == 1 and 'Tensor("while' in c.out and 'Tensor("while' not in e.out
import tensorflow as tf


class MyModule(object):
    def __init__(self):
        self.x = None

    def call(self, inputs):
        return inputs

    def set(self, x):
        self.x = x  # label[g]: ACC4

    def get(self):
        return self.x


module = MyModule()


@tf.function
def foo():
    for i in tf.range(1, 10):
        x = tf.range(i)
        module.set(x)  # label[g]
        module_x_shape = tf.shape(module.get())
        tf.print('Visualizing shape of module.x: ', module_x_shape)


print('Example of having a variable shape tensor in a tf.range loop.')
print('A variable module.x is created.')
print('Observe that at each run of the loop, it\'s shape changes.')
foo()

print('Observe that the variable shaped tensor exists only in tf.range')
print(module.x)
