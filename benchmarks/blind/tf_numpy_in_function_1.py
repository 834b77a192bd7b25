# source: blind55:tf_numpy_in_function_1
# framework: TF
# A tf.function metric converts the predictions with .numpy() to use a NumPy routine: symbolic
# tensors have no .numpy(), tracing raises.
# verify: c.error is not None and e.error is None
import numpy as np
import tensorflow as tf


@tf.function
def median_error(pred, target):
    err = tf.abs(pred - target).numpy()  # label: ACC3
    return np.median(err)


error = None
try:
    m = median_error(tf.ones(5), tf.zeros(5))
except Exception as exc:
    error = type(exc).__name__
