# source: https://github.com/tensorflow/tensorflow/issues/49463
# framework: TF
# "Random number generation with tf.function in tf 2.5.0": the guide's example of passing
# generators as arguments, `foo(tf.random.Generator.from_seed(1))` then `from_seed(2)`, traced
# twice in TF 2.5 where the guide promised once ("excessive retracing and thus slowdown in
# custom code"). On TF 2.21 it still traces once per generator object (six new generators, six
# traces; one generator reused, one trace). The guide's two calls make two traces, with no loop
# to repeat them: one retrace, as in the other two-compile reports of the corpus. Fine as
# written. The guide's code, with the trace counter it prints.
# label: none
# verify: c.num_traces == 2 and c.tf['foo'] == 2
import tensorflow as tf

num_traces = 0


@tf.function
def foo(g):
    global num_traces
    num_traces += 1
    return g.normal([])


foo(tf.random.Generator.from_seed(1))
foo(tf.random.Generator.from_seed(2))
print(num_traces)
