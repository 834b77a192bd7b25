# source: blind55:tf_comprehension_tensor_1
# framework: TF
# Per-head attention scores built with a list comprehension over tf.range inside a tf.function:
# AutoGraph does not convert comprehensions, so iterating the symbolic tensor raises.
# verify: c.error is not None and e.error is None
import tensorflow as tf


@tf.function
def head_scores(q, k, num_heads):
    return tf.stack([tf.reduce_sum(q[h] * k[h]) for h in tf.range(num_heads)])  # label: ACC2


error = None
try:
    s = head_scores(tf.ones((4, 8)), tf.ones((4, 8)), tf.constant(4))
except Exception as exc:
    error = type(exc).__name__
