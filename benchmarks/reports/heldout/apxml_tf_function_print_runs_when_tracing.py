# source: https://apxml.com/courses/advanced-tensorflow/chapter-1-tensorflow-execution-graphs/tf-function-autograph
# framework: TF
# Course notes on tf.function and AutoGraph: TensorFlow runs the Python body once while tracing
# and records the TF ops; later calls with the same signature run the graph. A Python `print`
# and a Python counter in the body therefore run only while tracing, not on every call.
# verify: c.calls_seen == 1 and e.calls_seen == 3
import tensorflow as tf

calls_seen = 0


@tf.function
def get_MSE(y_true, y_pred):
    global calls_seen
    print("Calculating MSE!")  # label[g]: ACC4
    calls_seen += 1  # label[g]
    sq_diff = tf.pow(y_true - y_pred, 2)
    return tf.reduce_mean(sq_diff)


y_true = tf.random.uniform([5], maxval=10, dtype=tf.int32)
y_pred = tf.random.uniform([5], maxval=10, dtype=tf.int32)
for _ in range(3):
    error = get_MSE(y_true, y_pred)
print(calls_seen)
