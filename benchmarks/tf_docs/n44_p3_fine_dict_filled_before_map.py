# source: https://www.tensorflow.org/guide/data_performance#parallelizing_data_transformation
# run: fine (same output as eager)
# framework: TF
# property: P3
# Written at stop 44 before any change (look-alike): the map function reads a module-level dict
# of scales that is filled before map() and never changed after; the trace sees its final value.
import tensorflow as tf

SCALES = {}


def scale(x):
    return x * SCALES["factor"]  # label: none


def build():
    SCALES["factor"] = 3.0
    return tf.data.Dataset.from_tensor_slices([1.0, 2.0]).map(
        scale, num_parallel_calls=tf.data.AUTOTUNE)


ds = build()
for epoch in range(2):
    print(epoch, [float(v) for v in ds])
