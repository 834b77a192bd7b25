# source: https://github.com/zaidtahirbutt/Situation-Coverage-based-AV-Testing-Framework-in-CARLA/issues/2
# framework: TF
# DLPerf's report on sgnn.py (a vendored copy of tensorflow/models seq_flow_lite): `fused_project`
# defines `@tf.function(experimental_implements=...) def func(...)` inside it and calls it, and
# `fused_project` is called in a loop, so every call builds and traces a new tf.function. The
# hashing projection is cut to string hashing of the ragged n-grams; the loop over text batches
# stands in for the model's (the caller is not shown in the report). Checked: six calls, six
# traces of `func`.
# verify: c.tf['func'] >= 6
import tensorflow as tf


def fused_project(ngrams, hash_seed, buckets):
    hash_seed_attr = " ".join(["i: %d" % seed for seed in hash_seed])
    experimental_implements = [
        'name: "tftext:custom:SgnnProjection"',
        'attr { key: "hash_seed" value { list {%s} } }' % hash_seed_attr,
        'attr { key: "buckets" value { i: %d } }' % buckets,
    ]
    experimental_implements = " ".join(experimental_implements)

    @tf.function(experimental_implements=experimental_implements)
    def func(ngrams_values, *ngrams_row_splits):  # label[a]: ACC5
        ngrams = tf.RaggedTensor.from_nested_row_splits(
            flat_values=ngrams_values, nested_row_splits=ngrams_row_splits)
        hashed = tf.strings.to_hash_bucket_fast(ngrams.flat_values, buckets)
        hashed = ngrams.with_flat_values(tf.cast(hashed, tf.float32) / buckets)
        return tf.reduce_mean(tf.reduce_mean(hashed, axis=2), axis=1)

    return func(ngrams.flat_values, *ngrams.nested_row_splits)


texts = [["a b c", "d e"], ["f g h i", "j"], ["k l", "m n o"], ["p", "q r"],
         ["s t u", "v"], ["w x", "y z"]]
outputs = []
for batch in texts:
    tokens = tf.strings.split(tf.constant(batch))
    ngrams = tf.strings.ngrams(tokens, 1)
    ngrams = tf.RaggedTensor.from_row_lengths(
        tf.expand_dims(ngrams.flat_values, 1), tf.ones_like(ngrams.flat_values, tf.int64))
    ngrams = tf.RaggedTensor.from_row_splits(ngrams, tokens.row_splits)
    outputs.append(fused_project(ngrams, [1, 2, 3], 1024))  # label[a]
print(outputs[-1])
