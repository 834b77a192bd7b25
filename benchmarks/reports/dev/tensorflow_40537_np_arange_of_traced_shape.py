# source: https://github.com/tensorflow/tensorflow/issues/40537
# framework: TF
# The reporter wants a tf.function with NumPy hyper-parameters that calls NumPy: `range_lim` comes
# from the input's shape as a tensor (`strided_slice:0` in the error) and `np.arange(range_lim)`
# raises "Cannot convert a symbolic Tensor ... to a numpy array" while tracing (TF 2.21 still
# raises); eagerly it runs. The rest of the colab (not stored) is cut to the call.
# verify: c.error is not None and e.error is None
import numpy as np
import tensorflow as tf


@tf.function
def my_function(x, scale):
    range_lim = tf.shape(x)[0]
    range_array = np.arange(range_lim)  # label: ACC3
    return x * scale + tf.cast(range_array, x.dtype)


error = None
try:
    print(my_function(tf.ones([4]), np.float32(2.0)))
except Exception as exc:
    error = f"{type(exc).__name__}: {exc}"
print(error)
