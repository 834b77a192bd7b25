# source: https://www.tensorflow.org/guide/data#consuming_python_generators
# run: fine (same output as eager)
# framework: TF
# property: P8
# label: none
# The look-alike: an iterator of a tf.data dataset, made outside and advanced inside the
# tf.function, is TensorFlow's own; next() on it is an operation that runs on every call.
import tensorflow as tf


def make_batches():
    return tf.data.Dataset.from_tensor_slices([1.0, 2.0, 3.0]).repeat()


batches = iter(make_batches())


@tf.function
def next_batch_loss():
    return next(batches) * 2


for step in range(3):
    print(step, float(next_batch_loss()))
