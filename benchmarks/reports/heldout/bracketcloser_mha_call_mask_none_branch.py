# source: https://github.com/neromehiro/BracketCloser-LLM-b/blob/HEAD/modules/custom_layers.py
# framework: TF
# Label: fine look-alike. A MultiHeadAttention subclass whose `call` branches on
# `attention_mask is not None` (a Python value, fixed per trace) and reshapes the mask with
# `tf.shape` sizes (graph values, not Python ints): right for every batch and length. The
# author's layer; a small model calling it with and without a mask stands in for the project's
# bracket-closing model (not reduced). Seeds added.
# label: none
# verify: close(c.out_mask, e.out_mask) and close(c.out_nomask, e.out_nomask)
import numpy as np
import tensorflow as tf
from tensorflow.keras.layers import MultiHeadAttention

class CustomMultiHeadAttention(MultiHeadAttention):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)

    def call(self, query, value, key=None, attention_mask=None, return_attention_scores=False, training=None, **kwargs):
        if attention_mask is not None:
            batch_size = tf.shape(query)[0]
            seq_length = tf.shape(query)[1]
            # (batch_size, 1, 1, seq_len)に形状を変更
            attention_mask = tf.reshape(attention_mask, (batch_size, 1, 1, seq_length))

        return super().call(query, value, key=key, attention_mask=attention_mask, return_attention_scores=return_attention_scores, training=training)


tf.keras.utils.set_random_seed(0)
mha = CustomMultiHeadAttention(num_heads=2, key_dim=4)


@tf.function
def attend(q, mask):
    return mha(q, q, attention_mask=mask)


@tf.function
def attend_nomask(q):
    return mha(q, q)


q = tf.random.normal((3, 5, 8))
mask = tf.ones((3, 5), dtype=tf.bool)
out_mask = attend(q, mask)
out_nomask = attend_nomask(q)
out_mask = attend(tf.random.normal((2, 7, 8)), tf.ones((2, 7), dtype=tf.bool))
