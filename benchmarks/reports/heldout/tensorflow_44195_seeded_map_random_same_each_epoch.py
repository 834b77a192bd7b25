# source: https://github.com/tensorflow/tensorflow/issues/44195
# framework: TF
# Random ops in a `Dataset.map` give the same values on every iteration over the dataset when
# `tf.random.set_seed` has been called: the op's seed is fixed when the map function is traced,
# and each new iterator restarts the same stream, which "nullifies the effect of any data
# augmentation when the dataset is looped over and the seed is set" (a `repeat`ed dataset does
# advance). Checked with TF 2.21: two passes over the dataset give equal values; the repeated
# dataset's second epoch differs from its first.
# verify: close(c.epoch1, c.epoch2) and not close(c.repeated[:2], c.repeated[2:])
import tensorflow as tf


def get_dataset():
    return tf.data.Dataset.range(2).map(
        lambda x: tf.cast(x, tf.float32) + tf.random.uniform(()))  # label: ACC1


tf.random.set_seed(0)
dataset = get_dataset()
epoch1 = [float(v) for v in dataset]
epoch2 = [float(v) for v in dataset]
repeated = [float(v) for v in get_dataset().repeat(2)]
print(epoch1, epoch2, repeated)
