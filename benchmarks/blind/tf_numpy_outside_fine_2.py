# source: blind55:tf_numpy_outside_fine_2
# framework: TF
# label: none
# The tf.function returns the errors and the evaluation loop calls .numpy() and np.median on the
# concrete result, outside any trace.
# verify: close(c.medians, e.medians)
import numpy as np
import tensorflow as tf


@tf.function
def abs_error(pred, target):
    return tf.abs(pred - target)


medians = []
for i in range(3):
    err = abs_error(tf.ones(5) * i, tf.zeros(5)).numpy()
    medians.append(float(np.median(err)))
