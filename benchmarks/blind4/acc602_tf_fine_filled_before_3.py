# source: blind58:acc602_tf_fine_filled_before_3
# framework: TF
# label: none
# The module-level vocabulary list is filled by appends, but all of them run over the corpus
# before the tf.function encoder is first called: the trace reads the final list.
# verify: close(c.widths, e.widths) and c.tf['encode'] == 1
import tensorflow as tf

VOCAB = ["<pad>"]
CORPUS = [["a", "b"], ["c", "a"], ["d", "e"]]

for sentence in CORPUS:
    for word in sentence:
        if word not in VOCAB:
            VOCAB.append(word)


@tf.function
def encode(ids):
    return tf.reduce_sum(tf.one_hot(ids, len(VOCAB)), axis=0)


widths = [encode(tf.constant([VOCAB.index(w) for w in s])).shape[0] for s in CORPUS]
