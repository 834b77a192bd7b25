# source: blind57:tf_padded_batch_shape_fine_1
# framework: TF
# label: none
# The same `padded_batch` pipeline, with the encoder's input signature leaving the length
# dimension unknown: one trace serves every padded length.
# verify: c.encoder.encode.experimental_get_tracing_count() == 1
import numpy as np
import tensorflow as tf

CFG = {"vocab": 20, "dim": 4, "batch": 2}


def make_dataset(cfg):
    def gen():
        for n in range(1, 21):
            yield np.arange(n, dtype=np.int32) % cfg["vocab"]

    ds = tf.data.Dataset.from_generator(gen, output_signature=tf.TensorSpec([None], tf.int32))
    return ds.padded_batch(cfg["batch"])


class Encoder(tf.Module):
    def __init__(self, cfg):
        super().__init__()
        self.table = tf.Variable(tf.random.normal([cfg["vocab"], cfg["dim"]], seed=1))

    @tf.function(input_signature=[tf.TensorSpec([None, None], tf.int32)])
    def encode(self, tokens):
        return tf.reduce_mean(tf.gather(self.table, tokens), axis=1)


def embed_all(encoder, dataset):
    return [encoder.encode(batch) for batch in dataset]


encoder = Encoder(CFG)
encodings = embed_all(encoder, make_dataset(CFG))
