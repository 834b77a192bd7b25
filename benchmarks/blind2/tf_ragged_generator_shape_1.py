# source: blind56:tf_ragged_generator_shape_1
# framework: TF
# An encoder's tf.function is fed batches from a Python generator that trims every batch to
# its longest sequence. Without an input signature, each new length is a new trace.
# verify: c.tf['encode'] >= 8
import numpy as np
import tensorflow as tf


class Encoder(tf.Module):
    def __init__(self, vocab=30, dim=4):
        super().__init__()
        self.table = tf.Variable(tf.random.normal((vocab, dim), seed=0))

    @tf.function
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
    return [encoder.encode(b) for b in batches]  # label[a]: ACC5


encoder = Encoder()
vectors = embed_corpus(encoder, trimmed_batches(12))  # label[a]
