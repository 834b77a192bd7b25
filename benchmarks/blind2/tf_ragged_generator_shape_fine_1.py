# source: blind56:tf_ragged_generator_shape_fine_1
# framework: TF
# label: none
# The same trimmed batches, but the encoder's tf.function declares an input signature with an
# unknown length, so every batch reuses the one trace.
# verify: c.tf['encode'] == 1
import numpy as np
import tensorflow as tf


class Encoder(tf.Module):
    def __init__(self, vocab=30, dim=4):
        super().__init__()
        self.table = tf.Variable(tf.random.normal((vocab, dim), seed=0))

    @tf.function(input_signature=[tf.TensorSpec([None, None], tf.int32)])
    def encode(self, tokens):
        return tf.reduce_mean(tf.gather(self.table, tokens), axis=1)


def trimmed_batches(n, batch=4, max_len=30, seed=0):
    rng = np.random.default_rng(seed)
    for _ in range(n):
        lengths = rng.integers(2, max_len, size=batch)
        out = np.zeros((batch, lengths.max()), np.int32)
        for i, k in enumerate(lengths):
            out[i, :k] = rng.integers(1, 30, size=k)
        yield tf.constant(out)


def embed_corpus(encoder, batches):
    return [encoder.encode(b) for b in batches]


encoder = Encoder()
vectors = embed_corpus(encoder, trimmed_batches(12))
