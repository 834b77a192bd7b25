# source: blind57:tf_data_map_global_fine_1
# framework: TF
# label: none
# The same data module keeps its statistics in `tf.Variable`s that `fit_stats()` assigns:
# the traced `.map` function reads the variables when each element is made.
# verify: close(c.first_batch, c.expected)
import numpy as np
import tensorflow as tf


class DataModule:
    def __init__(self, data, batch_size=4):
        self.data = data
        self.mean = tf.Variable(0.0)
        self.std = tf.Variable(1.0)
        self.ds = tf.data.Dataset.from_tensor_slices(data).map(self.normalize).batch(batch_size)

    def normalize(self, x):
        return (x - self.mean) / self.std

    def fit_stats(self):
        self.mean.assign(float(self.data.mean()))
        self.std.assign(float(self.data.std()))

    def train_batches(self):
        return iter(self.ds)


def main():
    data = np.arange(16, dtype=np.float32) + 10.0
    dm = DataModule(data)
    dm.fit_stats()
    first = next(dm.train_batches()).numpy()
    expected = (data[:4] - data.mean()) / data.std()
    return first, expected


first_batch, expected = main()
