# source: https://github.com/fomorians-oss/pyoneer/pull/33
# framework: TF
# pyoneer's "Support Stopwatch in-graph": "This replaces `time.time` calls with the compatible
# in-graph op `tf.timestamp`". A stopwatch used inside a tf.function read `time.time()` while
# tracing, so every call of the graph saw the two timestamps of the trace. Reduced: the
# stopwatch around a small computation in a tf.function called three times, with a sleep
# between calls; the start times it reports are all the same.
# verify: len(set(c.starts)) == 1 and len(set(e.starts)) == 3
import time
import tensorflow as tf


class Stopwatch:
    def start(self):
        self.start_time = time.time()  # label: ACC4
        return self.start_time


watch = Stopwatch()


@tf.function
def timed_step(x):
    t0 = watch.start()
    y = tf.reduce_sum(x * x)
    return y, tf.constant(t0, tf.float64)


starts = []
for _ in range(3):
    _, t0 = timed_step(tf.ones(4))
    starts.append(float(t0.numpy()))
    time.sleep(0.05)
print(starts)
