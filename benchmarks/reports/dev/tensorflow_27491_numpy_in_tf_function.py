# source: https://github.com/tensorflow/tensorflow/issues/27491
# framework: TF
# A neighbour list computed by a third-party library from `r.numpy()` works eagerly; decorated
# with tf.function, `r` is a symbolic tensor while tracing (TF 2.21: NotImplementedError,
# "numpy() is only available when eager execution is enabled"). (The ASE call is replaced by
# the same pair search in NumPy; the error is caught to be checked.)
# verify: "numpy" in c.error and e.error is None
import numpy as np
import tensorflow as tf


@tf.function
def neighborlist(r):
    pos = r.numpy()  # label: ACC3
    d = np.linalg.norm(pos[:, None, :] - pos[None, :, :], axis=-1)
    i, j = np.nonzero((d < 3) & (d > 0))
    return tf.constant(i), tf.constant(j)


positions = tf.Variable(tf.random.uniform(shape=[4, 3]))
error = None
try:
    i, j = neighborlist(positions)
except (AttributeError, NotImplementedError) as exc:
    error = str(exc)
print(error)
