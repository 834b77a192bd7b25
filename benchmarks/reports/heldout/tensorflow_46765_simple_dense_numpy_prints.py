# source: https://github.com/tensorflow/tensorflow/issues/46765
# framework: TF
# "numpy() is not working on Tensor object in TF2.x": the `SimpleDense` layer of the course
# prints `inputs.numpy().shape`, `self.w.numpy().shape` and the product's shape in `call`;
# calling the layer on a tensor works, "I am able to execute all the print". Reduced to that
# layer, called directly and then used in a model trained with `fit`: Keras calls the layer on
# a symbolic input, which has no `.numpy()` (so `fit` raises, with functions run eagerly too).
# Each of the five `.numpy()` prints alone makes `fit` raise (the inputs, the variables and the
# products are all symbolic there): one hazard, a group.
# verify: c.direct_ok and c.fit_raised
import numpy as np
import tensorflow as tf
from tensorflow.keras.layers import Layer


class SimpleDense(Layer):

    def __init__(self, units=32):
        '''Initializes the instance attributes'''
        super(SimpleDense, self).__init__()
        self.units = units

    def build(self, input_shape):
        '''Create the state of the layer (weights)'''
        w_init = tf.random_normal_initializer()
        self.w = tf.Variable(name="kernel",
            initial_value=w_init(shape=(input_shape[-1], self.units),
                                 dtype='float32'),
            trainable=True)
        b_init = tf.zeros_initializer()
        self.b = tf.Variable(name="bias",
            initial_value=b_init(shape=(self.units,), dtype='float32'),
            trainable=True)

    def call(self, inputs):
        '''Defines the computation from inputs to outputs'''
        print(inputs.numpy().shape)  # label[n]: ACC3
        print(self.w.numpy().shape)  # label[n]
        print(tf.matmul(inputs, self.w).numpy().shape)  # label[n]
        print(self.b.numpy().shape)  # label[n]
        print((tf.matmul(inputs, self.w) + self.b).numpy().shape)  # label[n]
        return tf.matmul(inputs, self.w) + self.b


my_dense = SimpleDense(units=1)
x = tf.ones((3, 2))
y = my_dense(x)
direct_ok = tuple(y.shape) == (3, 1)
model = tf.keras.Sequential([my_dense])
model.compile(optimizer="sgd", loss="mse")
try:
    model.fit(np.ones((4, 2), np.float32), np.ones((4, 1), np.float32), epochs=1, verbose=0)
    fit_raised = False
except Exception as error:
    fit_raised = True
print(direct_ok, fit_raised)
