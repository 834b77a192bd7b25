# source: https://www.tensorflow.org/guide/function#creating_tfvariables
# run: error (ValueError: in user code:)
# framework: TF
# property: P14
# Module level: the step makes its accumulator as a tf.Variable inside the tf.function.
import tensorflow as tf


@tf.function
def accumulate(x):
    acc = tf.Variable(0.0)  # label: ACC4
    acc.assign_add(tf.reduce_sum(x))
    return acc.read_value()


for i in range(3):
    print(i, float(accumulate(tf.constant([1.0, float(i)]))))
