# source: https://github.com/tensorflow/tensorflow/issues/39817
# framework: TF
# A custom metric given to `model.compile(metrics=...)` ends with `dcount.numpy()`. Keras runs
# metrics inside its compiled train step, where the tensor is symbolic: AttributeError at
# `fit`. (A one-layer model on random data; the error is caught to be checked.)
# verify: c.error is not None and "numpy" in c.error
import numpy as np
import tensorflow as tf


def custom__error(y_true, y_pred):
    yp = tf.nn.softmax(y_pred)
    bp = tf.argsort(yp, axis=-1, direction="DESCENDING", stable=False, name=None)
    xcp = bp[None, :10]
    yt = tf.nn.softmax(y_true)
    bt = tf.argsort(yt, axis=-1, direction="DESCENDING", stable=False, name=None)
    xct = bt[None, :10]
    count = tf.sets.intersection(xcp, xct)
    dcount = tf.sparse.to_dense(count)
    return dcount.numpy()  # label: ACC3


model = tf.keras.Sequential([tf.keras.Input(shape=(20,)), tf.keras.layers.Dense(20)])
model.compile(optimizer="adam", loss="mse", metrics=[custom__error])
error = None
try:
    model.fit(np.random.rand(8, 20), np.random.rand(8, 20), epochs=1, verbose=0)
except AttributeError as exc:
    error = str(exc)
print(error)
