# source: https://github.com/tensorflow/tensorflow/issues/55278
# framework: TF
# "tf.function condition with tensor": `b = tf.math.maximum(0, 1)` then `if 0 < b <= 2: b = b + 1`
# inside a tf.function raised on TF 2.8 for the chained comparison, while bhack showed the
# AutoGraph-converted code was valid. On TF 2.21 the chained comparison converts and the function
# returns the eager value, 2. Fine.
# label: none
# verify: c.result == e.result == 2
import tensorflow as tf


@tf.function
def test():
    b = tf.math.maximum(0, 1)
    if 0 < b <= 2:
        b = b + 1
    return b


result = int(test())
print(result)
