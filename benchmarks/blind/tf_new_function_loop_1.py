# source: blind55:tf_new_function_loop_1
# framework: TF
# A metric helper wraps its computation in tf.function every time it is called; the evaluation
# loop calls it per batch, so each batch makes and traces a new graph.
# verify: c.tf['<lambda>'] >= 8
import tensorflow as tf


def batch_accuracy(logits, labels):
    compute = tf.function(lambda l, y: tf.reduce_mean(tf.cast(tf.argmax(l, -1) == y, tf.float32)))  # label[a]
    return compute(logits, labels)  # label[a]: ACC5


accs = []
for i in range(10):
    logits = tf.random.normal((8, 3), seed=i)
    labels = tf.zeros((8,), tf.int64)
    accs.append(float(batch_accuracy(logits, labels)))  # label[a]
