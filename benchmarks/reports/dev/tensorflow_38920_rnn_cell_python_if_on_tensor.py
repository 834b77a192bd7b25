# source: https://github.com/tensorflow/tensorflow/issues/38920
# framework: TF
# "AutoGraph failed to convert if statement into the equivalent tf.cond in a RNN custom cell":
# a custom cell used by `keras.layers.RNN` branches with a Python `if` on a tensor condition
# (`if ee == 0:`, a value derived from the state) inside `call`. The model runs in a compiled
# fit; the cell's call is reached through Keras' RNN loop. The verify line checks the compiled
# run against the eager twin.
# verify: c.error is not None and e.error is None
import numpy as np
import tensorflow as tf


class tst_cell(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.corr = tf.keras.layers.Dense(4)
        self.state_size = 4

    def call(self, inpt, states):
        ee = tf.reduce_sum(states[0])
        if ee == 0:  # label: ACC2
            out = self.corr(inpt)
        else:
            out = self.corr(inpt) + states[0]
        return out, [out]


model = tf.keras.Sequential([tf.keras.Input((3, 2)), tf.keras.layers.RNN(tst_cell()), tf.keras.layers.Dense(1)])
model.compile(optimizer="adam", loss="mse")
error = None
try:
    model.fit(np.ones((8, 3, 2)), np.ones((8, 1)), epochs=1, batch_size=4, verbose=0)
except Exception as exc:
    error = type(exc).__name__
print(error)
