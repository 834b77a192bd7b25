# source: blind56:tf_data_map_print_2
# framework: TF
# A record-decoding helper mapped over a tf.data pipeline reports each decoded record with
# Python `print`. `Dataset.map` traces the function once: one line for 6 records. (tf.data has
# no eager twin; the check counts the lines the run printed.)
# verify: c.out.count('decoded record') == 1 and c.n_records == 6
import numpy as np
import tensorflow as tf


def decode(record, cfg):
    features = tf.reshape(tf.cast(record, tf.float32) / cfg["scale"], (-1,))
    print("decoded record", features.shape)  # label: ACC4
    return features


def make_dataset(raw, cfg):
    return tf.data.Dataset.from_tensor_slices(raw).map(lambda r: decode(r, cfg))


raw = np.arange(24, dtype=np.int64).reshape(6, 2, 2)
records = list(make_dataset(raw, {"scale": 10.0}))
n_records = len(records)
