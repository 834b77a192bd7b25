# source: blind57:tf_padded_batch_shape_1
# framework: TF
# Variable-length token sequences go through `padded_batch`, which pads each batch to its own
# longest sequence; the tf.function encoder has no input signature, so each new padded length
# is a new trace.
# verify: c.encoder.encode.experimental_get_tracing_count() >= 8
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

    @tf.function
    def encode(self, tokens):
        return tf.reduce_mean(tf.gather(self.table, tokens), axis=1)


def embed_all(encoder, dataset):
    return [encoder.encode(batch) for batch in dataset]  # label: ACC5


encoder = Encoder(CFG)
encodings = embed_all(encoder, make_dataset(CFG))
