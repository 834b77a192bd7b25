# source: https://github.com/tensorflow/tensorflow/issues/58587
# framework: TF
# The user's program: in a tf.function, `tf.random.uniform` outside a `tf.while_loop` and the
# same op in the loop's body drew the same number on TF 2.8 (the same op seed for both); the
# undecorated function draws two numbers. On TF 2.21 the decorated function draws two
# different numbers too. Fine today.
# label: none
# verify: not c.same and not e.same
import tensorflow as tf

max_steps = 1


def condition(index, random_num):
    return index < max_steps


def body(index, random_num):
    return index + 1, tf.random.uniform([1], dtype="float32")


@tf.function
def function():
    index = tf.constant(0, dtype="int8")

    a = tf.random.uniform([1], dtype="float32")

    index, random_num = tf.while_loop(condition, body, [index, tf.zeros([1], dtype="float32")])

    return a, random_num


a, b = function()
same = bool(tf.reduce_all(a == b))
print(a, b, same)
