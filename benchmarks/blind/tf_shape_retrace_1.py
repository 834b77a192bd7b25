# source: blind55:tf_shape_retrace_1
# framework: TF
# Bucket-free text batches: each batch is as long as its longest sentence, so the tf.function
# sees a new input shape nearly every batch and retraces each time.
# verify: c.tf['encode'] >= 8
import numpy as np
import tensorflow as tf

emb = tf.Variable(tf.random.normal((50, 8), seed=0))


@tf.function
def encode(tokens):
    return tf.reduce_mean(tf.nn.embedding_lookup(emb, tokens), axis=1)


rng = np.random.default_rng(0)
outs = []
for batch in range(12):
    length = int(rng.integers(3, 40))
    tokens = tf.constant(rng.integers(0, 50, size=(4, length)))
    outs.append(encode(tokens))  # label: ACC5
