# source: https://github.com/tensorflow/tensorflow/issues/39892
# framework: TF
# "TF 2.0 using tf.keras - Custom Loss w/ Multiple Output Model - AttributeError: 'Tensor' object
# has no attribute 'numpy' raised during training": a source-separation model with two outputs
# and a custom loss that converts its tensors with `.numpy()` to compute a NumPy-side term.
# Under `fit` the loss is traced into the train step.
# verify: c.error is not None and e.error is None
import numpy as np
import tensorflow as tf


def discrim_loss(y_true, y_pred):
    gamma = float(np.std(y_true.numpy()))  # label: ACC3
    return tf.reduce_mean(tf.square(y_true - y_pred)) - gamma * 0.01 * tf.reduce_mean(tf.abs(y_pred))


inp = tf.keras.Input((6,))
piano = tf.keras.layers.Dense(6, name="piano")(inp)
noise = tf.keras.layers.Dense(6, name="noise")(inp)
model = tf.keras.Model(inp, [piano, noise])
model.compile(optimizer="adam", loss={"piano": discrim_loss, "noise": discrim_loss})
error = None
try:
    model.fit(np.ones((8, 6)), {"piano": np.ones((8, 6)), "noise": np.zeros((8, 6))}, epochs=1, batch_size=4, verbose=0)
except Exception as exc:
    error = type(exc).__name__
print(error)
