# source: blind58:acc602_tf_vocab_append_5
# framework: TF
# A tokenizer appends new words to a module-level vocabulary list while streaming, and a
# tf.function one-hot encoder reads len(VOCAB) as its depth: the trace kept the first length.
# verify: not close(c.widths, e.widths)
import tensorflow as tf

VOCAB = ["<pad>"]


def tokenize(words):
    for w in words:
        if w not in VOCAB:
            VOCAB.append(w)  # label[a]
    return tf.constant([VOCAB.index(w) for w in words])


@tf.function
def encode(ids):
    return tf.reduce_sum(tf.one_hot(ids, len(VOCAB)), axis=0)  # label[a]: ACC602


widths = []
for sentence in (["a", "b"], ["c", "a"], ["d", "e"]):
    widths.append(encode(tokenize(sentence)).shape[0])
