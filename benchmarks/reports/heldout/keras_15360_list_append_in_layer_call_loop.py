# source: https://github.com/keras-team/keras/issues/15360
# framework: TF
# The user's `WeightedLayer.call` loops `for batch in tf.range(self.batch_size)` over the
# symbolic batch size and appends each row's product to a Python list, then stacks it: traced
# in a Keras model, the loop over a tensor and the list growing in it fail (the user's "error"
# at `CP.append`); called on a concrete batch the layer works. n_input 16 and 3 memberships
# lowered to 4 and 2 (a 2^4 product). Building a Keras model on it traces `call` on a symbolic
# input (eagerly or not), so the eager twin fails there too; the check is the traced failure
# beside the concrete call's result. The error is caught.
# verify: c.error is not None and close(c.direct, e.direct)
import numpy as np
import tensorflow as tf
from tensorflow.keras.layers import Layer


class WeightedLayer(Layer):
    def __init__(self, n_input, n_memb, **kwargs):
        super(WeightedLayer, self).__init__(**kwargs)
        self.n = n_input
        self.m = n_memb

    def build(self, batch_input_shape):
        super(WeightedLayer, self).build(batch_input_shape)

    def call(self, input_):
        CP = []
        self.batch_size = tf.shape(input_)[0]
        for batch in tf.range(self.batch_size):  # label[a]: ACC2
            xd_shape = [self.m]
            c_shape = [1]
            cp = input_[batch, 0, :]
            for d in range(1, self.n):
                c_shape.insert(0, self.m)
                xd_shape.insert(0, 1)
                xd = tf.reshape(input_[batch, d, :], (xd_shape))
                c = tf.reshape(cp, (c_shape))
                cp = tf.matmul(c, xd)
            flat_cp = tf.reshape(cp, (1, self.m**self.n))
            CP.append(flat_cp)  # label[a]
        c = tf.stack(CP)
        return tf.reshape(c, (self.batch_size, self.m**self.n))


np.random.seed(0)
x = np.random.rand(3, 4, 2).astype("float32")
direct = WeightedLayer(4, 2)(tf.constant(x))  # called on a concrete batch: runs eagerly

error = None
try:
    inputs = tf.keras.Input((4, 2))
    model = tf.keras.Model(inputs, WeightedLayer(4, 2)(inputs))
    model.predict(x, verbose=0)
except Exception as exc:  # noqa: BLE001 - the report's error, checked below
    error = f"{type(exc).__name__}: {str(exc)[:300]}"
print(error)
