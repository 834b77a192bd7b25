# source: https://www.tensorflow.org/guide/data#applying_arbitrary_python_logic
# run: wrong (graph printed 1 lines, eager 1; first difference: 'distinct jitters 1' vs 'distinct jitters 4')
# framework: TF
# property: P2
# A helper builds an augmentation pipeline; the mapped function jitters with NumPy.
import numpy as np
import tensorflow as tf


def jitter(x):
    return x + np.random.uniform(-0.5, 0.5)  # label: ACC101


def build_pipeline(values):
    ds = tf.data.Dataset.from_tensor_slices(values)
    return ds.map(jitter).batch(4)


for batch in build_pipeline([0.0, 0.0, 0.0, 0.0]):
    print("distinct jitters", len({round(float(v), 4) for v in batch.numpy()}))
