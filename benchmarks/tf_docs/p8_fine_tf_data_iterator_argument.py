# source: https://www.tensorflow.org/guide/function#using_python_iterators_and_generators
# run: fine (same output as eager)
# framework: TF
# property: P8
# label: none
# The guide's fix: a tf.data iterator passed as an argument advances on every call.
import tensorflow as tf

ds = tf.data.Dataset.from_tensor_slices([1.0, 2.0, 3.0])
it = iter(ds)


@tf.function
def next_batch_loss(iterator):
    return next(iterator) * 2


for step in range(3):
    print(step, float(next_batch_loss(it)))
