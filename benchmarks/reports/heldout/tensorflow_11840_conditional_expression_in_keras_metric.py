# source: https://github.com/tensorflow/tensorflow/issues/11840
# framework: TF
# The commenter's IoU metric given to `model.compile(metrics=[..., iou])`: `... if u != 0 else
# u` tests a tensor in a conditional expression. Keras traces its train step, so the test of a
# symbolic tensor raises "using a `tf.Tensor` as a Python `bool`" (on Keras 3 the metric is
# called in the traced step too); eagerly it runs. The thread's `.item()` calls are removed (a
# TF tensor has no `.item()`, traced or not), and a two-layer model on random data stands in
# for the user's U-Net; the error is caught to be checked.
# verify: c.error is not None and "bool" in c.error and e.error is None
import numpy as np
import tensorflow as tf


def iou(y_pred, y_true):
    y_pred = tf.cast((y_pred > 0), dtype=tf.float32)
    i = tf.reduce_sum(y_true * y_pred)
    u = tf.reduce_sum(y_true + y_pred)
    return (i / u) if u != 0 else u  # label: ACC2


model = tf.keras.Sequential([tf.keras.Input((8,)), tf.keras.layers.Dense(4, activation="sigmoid")])
model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=1e-4), loss="binary_crossentropy",
              metrics=["accuracy", iou])

error = None
try:
    model.fit(np.random.rand(16, 8), np.random.randint(0, 2, (16, 4)).astype("float32"), epochs=1,
              verbose=0)
except Exception as exc:  # noqa: BLE001 - the report's error, checked below
    error = f"{type(exc).__name__}: {exc}"
print(error)
