# source: blind57:tf_data_map_global_1
# framework: TF
# A data module builds its `tf.data` pipeline in `__init__`, with a `.map` normaliser that
# reads module-level statistics; `fit_stats()` computes the real mean and std afterwards.
# `.map` traced the function when the pipeline was built, so batches use the old numbers.
# verify: not close(c.first_batch, c.expected)
import numpy as np
import tensorflow as tf

STATS = {"mean": 0.0, "std": 1.0}


def normalize(x):
    return (x - STATS["mean"]) / STATS["std"]  # label[a]: ACC6


class DataModule:
    def __init__(self, data, batch_size=4):
        self.data = data
        self.ds = tf.data.Dataset.from_tensor_slices(data).map(normalize).batch(batch_size)  # label[a]

    def fit_stats(self):
        STATS["mean"] = float(self.data.mean())  # label[a]
        STATS["std"] = float(self.data.std())

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
