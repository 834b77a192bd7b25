# source: http://www.taourl.com/read-2219470.html
# framework: TF
# Label: fine look-alike. The article says that a tf.function called first with the default
# `scale_factor=1.0` and then with `2.0` "may not retrace" and returns the stale 2.0 ("Wrong!"),
# and recommends an input_signature. Run on TF 2.21 the second call retraces (a Python float is
# part of the cache key) and returns 4.0, as the eager twin does: the function is fine as written.
# The article's code, with its lost `*` restored (`return x * scale_factor`).
# label: none
# verify: close(c.r1, e.r1) and close(c.r2, e.r2)
# verify: c.tf['dynamic_scale'] == 2
import tensorflow as tf


@tf.function
def dynamic_scale(x, scale_factor=1.0):
    return x * scale_factor


r1 = dynamic_scale(tf.constant(2.0))
r2 = dynamic_scale(tf.constant(2.0), 2.0)
print(r1, r2)
