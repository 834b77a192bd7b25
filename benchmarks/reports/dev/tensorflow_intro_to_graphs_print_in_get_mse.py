# source: https://www.tensorflow.org/guide/intro_to_graphs
# framework: TF
# "Introduction to graphs and tf.function": `get_MSE` prints "Calculating MSE!" with Python's
# print and is called three times through `tf.function`; the guide's point is that the print
# appears once, when the function is traced ("the Python side effect only happens once"), while
# run eagerly (`tf.config.run_functions_eagerly(True)`, as the guide does next) it prints three
# times. The guide's code.
# verify: c.out.count('Calculating MSE!') == 1 and e.out.count('Calculating MSE!') == 3
import tensorflow as tf


@tf.function
def get_MSE(y_true, y_pred):
    print("Calculating MSE!")  # label: ACC4
    sq_diff = tf.pow(y_true - y_pred, 2)
    return tf.reduce_mean(sq_diff)


y_true = tf.random.uniform([5], maxval=10, dtype=tf.int32)
y_pred = tf.random.uniform([5], maxval=10, dtype=tf.int32)
error = get_MSE(y_true, y_pred)
error = get_MSE(y_true, y_pred)
error = get_MSE(y_true, y_pred)
