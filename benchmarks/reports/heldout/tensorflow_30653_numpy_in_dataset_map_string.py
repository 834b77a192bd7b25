# source: https://github.com/tensorflow/tensorflow/issues/30653
# framework: TF
# "tf.data.Dataset.map() ignores eager execution": a function that needs a tensor's value
# (`.numpy()` to decode a string for custom splitting) fails when given to `map`, which traces
# it into a graph where the tensor has no value. The thread's example of text processing on a
# dataset of strings; the error is caught.
# The function is the thread's text-processing example as its linked documentation fix writes it.
# verify: c.error is not None and "numpy" in c.error
import tensorflow as tf

d = tf.data.Dataset.from_tensor_slices(['hello', 'world'])


def upper_case_fn(t):
    return t.numpy().decode('utf-8').upper()  # label: ACC3


error = None
try:
    result = d.map(upper_case_fn)
    print(list(result.as_numpy_iterator()))
except Exception as exc:  # noqa: BLE001 - the report's error, checked below
    error = f"{type(exc).__name__}: {exc}"
print(error)
