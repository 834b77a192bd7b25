# source: https://github.com/tensorflow/tensorflow/issues/46518
# framework: TF
# "Very slow tf.TensorArray and a possible bug when used with range()": the maintainer's two
# spellings inside `tf.function`, a Python `for i in range(n)` with list appends (unrolled at
# trace: "all Python code runs at compilation") and a TensorArray over `tf.range(n)`. With a
# fixed `n` the Python loop is static, traced once and reused, and both give the eager result:
# "the most important factor ... is whether the lists and loops are static".
# label: none
# verify: c.tf['list_appends_tff'] == 1 and c.tf['t_array_tff_tfr'] == 1 and close(c.results, e.results)
import tensorflow as tf


@tf.function
def list_appends_tff(n):
    l = []
    for i in range(n):
        l.append(i)
    return tf.stack(l)


@tf.function
def t_array_tff_tfr(n):
    t = tf.TensorArray(dtype=tf.int32, size=0, dynamic_size=True)
    for i in tf.range(n):
        t = t.write(i, i)
    return t.stack()


results = []
for _ in range(3):
    results.append(list_appends_tff(5))
    results.append(t_array_tff_tfr(tf.constant(5)))
print(results[-2:])
