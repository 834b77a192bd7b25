# source: blind55:tf_np_log_function_3
# framework: TF
# A loss helper written with NumPy (np.log, np.clip) called from a tf.function train step:
# NumPy tries to convert the symbolic tensor and tracing raises.
# verify: c.error is not None and e.error is None
import numpy as np
import tensorflow as tf


def bce(p, y):
    p = np.clip(p, 1e-6, 1 - 1e-6)  # label: ACC3
    return -np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))


@tf.function
def eval_step(p, y):
    return bce(p, y)


error = None
try:
    l = eval_step(tf.constant([0.2, 0.8]), tf.constant([0.0, 1.0]))
except Exception as exc:
    error = type(exc).__name__
