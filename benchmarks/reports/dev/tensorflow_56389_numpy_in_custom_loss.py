# source: https://github.com/tensorflow/tensorflow/issues/56389
# framework: TF
# "AttributeError: 'Tensor' object has no attribute 'numpy' while defining a custom loss": the
# loss function calls `.numpy()` on the difference of `y_true` and `y_pred` to inspect it. Under
# `model.fit` the loss runs inside the traced train step, where the tensors are symbolic.
# verify: c.error is not None and e.error is None
import numpy as np
import tensorflow as tf


def loss(yT, yP):
    err = yT - yP
    print(err.numpy())  # label: ACC3
    squaredError = tf.square(err)
    return tf.reduce_mean(squaredError)


model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(2)])
model.compile(optimizer="adam", loss=loss)
error = None
try:
    model.fit(np.ones((8, 4)), np.zeros((8, 2)), epochs=1, batch_size=4, verbose=0)
except Exception as exc:
    error = type(exc).__name__
print(error)
