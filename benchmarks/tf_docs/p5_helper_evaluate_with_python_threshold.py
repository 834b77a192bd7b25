# source: https://www.tensorflow.org/guide/function#rules_of_tracing
# run: storm (8 traces in 8 calls)
# framework: TF
# property: P5
# An evaluation helper takes the threshold it sweeps as a Python float and calls the metric.
import tensorflow as tf


@tf.function
def accuracy_at(scores, threshold):
    return tf.reduce_mean(tf.cast(scores > threshold, tf.float32))


def evaluate(scores, threshold):
    return accuracy_at(scores, threshold)  # label[g]: ACC502


scores = tf.constant([0.1, 0.4, 0.6, 0.9])
thresholds = [i / 10 for i in range(1, 9)]
for t in thresholds:
    evaluate(scores, t)  # label[g]
print("TRACES", accuracy_at.experimental_get_tracing_count(), "OF", len(thresholds))
