# source: https://github.com/tensorflow/tensorflow/issues/39582
# framework: TF
# "AttributeError: 'Tensor' object has no attribute 'numpy' in Tensorflow 2.1": a custom loss
# extracts the values of its tensors with `.numpy()` to compute the loss in NumPy;
# `tf.executing_eagerly()` is False inside `fit` because the loss is traced into the train step.
# verify: c.error is not None and e.error is None and c.seen_eager == [False]
import numpy as np
import tensorflow as tf

seen_eager = []


def custom_loss(y_true, y_pred):
    seen_eager.append(tf.executing_eagerly())
    t = y_true.numpy()  # label: ACC3
    weight = float(np.mean(t != 0)) + 1.0
    return weight * tf.reduce_mean(tf.abs(y_true - y_pred))


model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss=custom_loss)
error = None
try:
    model.fit(np.ones((4, 3)), np.ones((4, 1)), epochs=1, batch_size=4, verbose=0)
except Exception as exc:
    error = type(exc).__name__
print(error, seen_eager)
