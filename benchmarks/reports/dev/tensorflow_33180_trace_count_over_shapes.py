# source: https://github.com/tensorflow/tensorflow/issues/33180
# framework: TF
# `f` is called five times with three shapes and traces once per shape (1, 1, 1, 2, 3); the
# report's question is why `_list_all_concrete_functions_for_serialization` then doubled the
# trace count (a private API, called once, not part of the program's calls). Three traces for
# three shapes: bounded. Fine.
# label: none
# verify: c.tf['f'] <= 6
import numpy as np
import tensorflow as tf

@tf.function
def f(a):
    tf.print(a.shape)
    return a


f(tf.convert_to_tensor(np.random.randn(4, 3).astype(np.float32))); print(f._get_tracing_count())
f(tf.convert_to_tensor(np.random.randn(4, 3).astype(np.float32))); print(f._get_tracing_count())
f(tf.convert_to_tensor(np.random.randn(4, 3).astype(np.float32))); print(f._get_tracing_count())
f(tf.convert_to_tensor(np.random.randn(4, 2).astype(np.float32))); print(f._get_tracing_count())
f(tf.convert_to_tensor(np.random.randn(4, 1).astype(np.float32))); print(f._get_tracing_count())
print(f._list_all_concrete_functions_for_serialization())
print(f._get_tracing_count())
