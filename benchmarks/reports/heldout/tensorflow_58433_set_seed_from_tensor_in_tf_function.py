# source: https://github.com/tensorflow/tensorflow/issues/58433
# framework: TF
# `tf.random.set_seed(X)` with the tf.function's tensor argument, followed by a draw: the seed
# is needed as a Python value, and X is symbolic while tracing
# (OperatorNotAllowedInGraphError, "Using a symbolic `tf.Tensor` as a Python `bool`"). Eagerly
# X is concrete and it runs. (The error is caught to be checked.)
# verify: c.error is not None and e.error is None
import tensorflow as tf


@tf.function
def f(X):
    tf.random.set_seed(X)  # label: ACC3
    tf.print(tf.random.normal((2, 3)))


error = None
try:
    f(tf.constant(1))
except Exception as exc:
    error = f"{type(exc).__name__}: {exc}"
print(error)
