# source: https://www.tensorflow.org/guide/function#using_python_iterators_and_generators
# run: wrong (graph printed 3 lines, eager 3; first difference: '1 2.0' vs '1 4.0')
# framework: TF
# property: P8
# Module level: a Python iterator over batches is advanced inside the tf.function.
import tensorflow as tf

batches = iter([tf.constant(1.0), tf.constant(2.0), tf.constant(3.0)])


@tf.function
def next_batch_loss():
    return next(batches) * 2  # label: ACC603


for step in range(3):
    print(step, float(next_batch_loss()))
