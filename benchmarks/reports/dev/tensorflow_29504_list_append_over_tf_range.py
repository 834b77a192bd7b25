# source: https://github.com/tensorflow/tensorflow/issues/29504
# framework: TF
# `digit_list.append(i)` in a `for i in tf.range(num_iter)` loop of a tf.function: AutoGraph
# converts the loop to a `tf.while_loop`, and the Python list cannot collect its tensors (TF
# 2.0: "Trying to capture a tensor from an inner function"); the plain function returns 10.
# The error is caught to be checked.
# verify: c.error is not None and e.error is None
import tensorflow as tf


@tf.function
def tf_function_with_loop(num_iter):
    digit_list = []
    for i in tf.range(num_iter):
        digit_list.append(i)  # label: ACC2
    return tf.add_n(digit_list)


error = None
try:
    result = tf_function_with_loop(5)
except Exception as exc:  # noqa: BLE001 - the report's error, checked below
    error = f"{type(exc).__name__}: {exc}"
print(error)
