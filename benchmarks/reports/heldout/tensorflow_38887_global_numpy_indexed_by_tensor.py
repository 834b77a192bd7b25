# source: https://github.com/tensorflow/tensorflow/issues/38887
# framework: TF
# "Can we auto-convert a tensor into a numpy value when necessary in ... tf.function mode?": the
# original test indexes a NumPy array from the enclosing scope with a tensor inside a
# `tf.function`; "one cannot convert a graph tensor to numpy array because the graph does not
# execute in Python". Passing the array as an argument (the reporter's rewrite) converts it to a
# tensor and works. Reduced: the original and the rewrite, eagerly both work.
# verify: c.error is not None and e.error is None and close(c.rewritten, e.rewritten)
import numpy as np
import tensorflow as tf

npArray = np.random.RandomState(0).uniform(0, 10000, size=200)


@tf.function
def myFuncOriginal(tensorValue):
    return npArray[tensorValue]  # label: ACC3


@tf.function
def myFunc(tensorValue, inputNPArray):
    return inputNPArray[tensorValue]


tensorValue = tf.convert_to_tensor(3)
error = None
try:
    original = myFuncOriginal(tensorValue)
except Exception as exc:
    error = type(exc).__name__
rewritten = myFunc(tensorValue, npArray)
print(error, rewritten)
