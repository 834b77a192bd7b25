# source: https://tbr8.org/%E4%B8%BA%E4%BB%80%E4%B9%88-tf-print-%E6%89%8D%E6%98%AF%E7%9C%9F%E7%90%86%EF%BC%9A%E8%AF%A6%E8%A7%A3%E5%9C%A8%E8%AE%A1%E7%AE%97%E5%9B%BE%E5%86%85%E9%83%A8%E5%AE%9E%E6%97%B6%E6%89%93%E5%8D%B0%E5%BC%A0
# framework: TF
# A tutorial (in Chinese) on why tf.print: `faulty_computation` prints with Python's `print`
# inside a tf.function, which runs once while tracing and never on later calls, while
# `correct_computation`'s tf.print runs on every call. The tutorial's two functions as its
# excerpt shows them (its later loop example is cut off in the stored page); two calls each
# added, as the tutorial describes. Its `tf.config.run_functions_eagerly(False)` (the default) is
# left out so that the eager twin can switch eager execution on.
# verify: c.out.count("[Python Print]") == 1 and e.out.count("[Python Print]") == 2
import tensorflow as tf
import numpy as np



@tf.function
def faulty_computation(x):
    y = x * 2
    print(f"[Python Print] Input shape during tracing: {x.shape}")  # label: ACC4
    return y


@tf.function
def correct_computation(x):
    z = x + 10
    tf.print("[tf.print] z =", z)
    return z


for step in range(2):
    faulty_computation(tf.constant(np.arange(3.0)))
    correct_computation(tf.constant(np.arange(3.0)))
