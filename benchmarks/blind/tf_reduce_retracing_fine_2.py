# source: blind55:tf_reduce_retracing_fine_2
# framework: TF
# label: none
# Growing-sequence generation with reduce_retracing=True: after the second shape tf.function
# traces a relaxed (unknown-length) signature, so the traces stay at two.
# verify: c.tf['step'] <= 2
import tensorflow as tf

w = tf.Variable(tf.random.normal((6, 6), seed=2))


@tf.function(reduce_retracing=True)
def step(seq):
    h = tf.reduce_sum(tf.one_hot(seq, 6), axis=0)
    return tf.argmax(tf.tensordot(h, w, 1), output_type=tf.int32)


seq = tf.constant([1], tf.int32)
for _ in range(10):
    seq = tf.concat([seq, [step(seq)]], axis=0)
