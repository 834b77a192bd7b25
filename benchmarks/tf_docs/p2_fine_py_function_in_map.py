# source: https://www.tensorflow.org/guide/data#applying_arbitrary_python_logic
# run: fine (same output as eager)
# framework: TF
# property: P11
# label: none
# The look-alike the tf.data guide gives: Python randomness inside tf.py_function runs per element.
import numpy as np
import tensorflow as tf


def random_rotate(x):
    return x + np.random.uniform(-0.5, 0.5)


def tf_random_rotate(x):
    return tf.py_function(random_rotate, [x], tf.float32)


def build(values):
    return tf.data.Dataset.from_tensor_slices(values).map(tf_random_rotate).batch(4)


for batch in build([0.0, 0.0, 0.0, 0.0]):
    print("distinct jitters", len({round(float(v), 4) for v in batch.numpy()}))
