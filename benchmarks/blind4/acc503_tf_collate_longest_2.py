# source: blind58:acc503_tf_collate_longest_2
# framework: TF
# A Python collate pads every batch to its own longest sequence; the sequences come from a
# generator whose lengths grow, so the tf.function step sees a new width on every batch.
# verify: c.tf['encode'] >= 8
import numpy as np
import tensorflow as tf


@tf.function
def encode(batch):
    return tf.reduce_sum(tf.cast(batch, tf.float32), axis=1)


def sequences(n):
    for i in range(n):
        yield [list(range(i + 2)), list(range(i + 1))]


def collate(seqs):
    width = max(len(s) for s in seqs)
    return np.array([s + [0] * (width - len(s)) for s in seqs])


for seqs in sequences(10):
    out = encode(tf.constant(collate(seqs)))  # label: ACC503
