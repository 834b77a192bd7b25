# source: https://github.com/tensorflow/tensorflow/issues/44230
# framework: TF
# "AttributeError: 'Tensor' object has no attribute 'numpy'": `f(x, y)` multiplies in a Python
# `for i in range(y): if i > 1 and i < 5:` loop, `grad(x, y)` takes its gradient with
# GradientTape, and the result's `.numpy()` is printed. No tf.function: the loop and the `if` run
# on Python ints, eagerly, and `.numpy()` is on an eager tensor (the error did not reproduce on TF
# 2.0/2.3). Fine. The reporter's code.
# label: none
# verify: float(c.result) == 12.0
import tensorflow as tf


def f(x, y):
    output = 1.0
    for i in range(y):
        if i > 1 and i < 5:
            output = tf.multiply(output, x)
    return output


def grad(x, y):
    with tf.GradientTape() as t:
        t.watch(x)
        out = f(x, y)
    return t.gradient(out, x)


x = tf.convert_to_tensor(2.0)
result = grad(x, 6).numpy()
print("result: ", result)
