# source: https://www.tensorflow.org/api_docs/python/tf/random/set_seed
# framework: TF
# The `tf.random.set_seed` reference: "Note that tf.function acts like a re-run of a program in
# this case. When the global seed is set but operation seeds are not set, the sequence of random
# numbers are the same for each tf.function": two functions `f` and `g`, each drawing
# `tf.random.uniform([1])` twice, both print (A1, A2). Run eagerly (the eager twin) the four draws
# come from one stream and `g` continues where `f` stopped. The page's code: two functions meant
# to draw independent noise draw the same numbers.
# verify: c.same and not e.same
import tensorflow as tf

tf.random.set_seed(1234)


@tf.function
def f():
    a = tf.random.uniform([1])  # label[g]: ACC1
    b = tf.random.uniform([1])
    return a, b


@tf.function
def g():
    a = tf.random.uniform([1])  # label[g]
    b = tf.random.uniform([1])
    return a, b


fa = [float(v[0]) for v in f()]
ga = [float(v[0]) for v in g()]
same = fa == ga
print(fa, ga)
