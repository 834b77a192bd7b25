# source: blind55:tf_input_signature_fine_1
# framework: TF
# label: none
# The ragged text batches again, with an input_signature whose length dimension is None: one
# trace for every length.
# verify: c.tf['encode'] == 1
import numpy as np
import tensorflow as tf

emb = tf.Variable(tf.random.normal((50, 8), seed=0))


@tf.function(input_signature=[tf.TensorSpec([None, None], tf.int64)])
def encode(tokens):
    return tf.reduce_mean(tf.nn.embedding_lookup(emb, tokens), axis=1)


rng = np.random.default_rng(0)
outs = []
for batch in range(12):
    length = int(rng.integers(3, 40))
    outs.append(encode(tf.constant(rng.integers(0, 50, size=(4, length)))))
