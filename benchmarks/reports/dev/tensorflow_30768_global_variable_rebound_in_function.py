# source: https://github.com/tensorflow/tensorflow/issues/30768
# framework: TF
# "Cryptic error message when assigning to a variable in a tf.function": `global v; v = v + x`
# inside the tf.function rebinds the global name to a graph tensor instead of assigning the
# variable (the maintainers: "throws the variable away"; use `v.assign(v + x)`). The function
# fails on its call; eagerly `v` just becomes a tensor and the call returns.
# verify: c.error is not None and e.error is None
import tensorflow as tf

v = tf.Variable(0.)


@tf.function(autograph=False)
def f(x):
    global v
    v = v + x  # no problem if use v.assign(v + x)  # label: ACC4
    return v


error = None
try:
    f(42.0)
    f(1.0)
except Exception as exc:
    error = type(exc).__name__
print(error)
