# source: https://github.com/tensorflow/tensorflow/issues/31362
# framework: TF
# `o.value += 1` on a Python object inside a tf.function runs while the function is traced,
# once; the four later calls reuse the trace, so the counter ends at 1 instead of 5.
# verify: c.final == 1 and e.final == 5
import tensorflow as tf


class MyObj:
    def __init__(self):
        self.value = 0


obj = MyObj()


@tf.function
def with_py_side_effect(tensorflow_stuff, o):
    o.value += 1  # label: ACC4
    return tensorflow_stuff


for i in range(5):
    print(i, obj.value)
    a = with_py_side_effect(None, obj)
final = obj.value
