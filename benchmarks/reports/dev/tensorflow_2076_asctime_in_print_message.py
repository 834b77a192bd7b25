# source: https://github.com/tensorflow/tensorflow/issues/2076
# framework: TF
# "Including timestamp with tf.Print?": the user builds the message as
# `tf.Print(x, [x], "(%s) Obtained: " % asctime())`; the answer: "That won't work, I'm afraid:
# `asctime()` will be evaluated once when you build the graph in Python, and all log entries will
# include the same timestamp." TF 2: the step is a tf.function that builds the same message from
# the host clock; the message is returned (not printed) so the run can compare it, and
# `time.time()` stands for `asctime()` (one-second resolution). Called three times, 0.2 s apart:
# the compiled step returns the trace-time message each time, the eager one a new one.
# verify: len(set(c.messages)) == 1 and len(set(e.messages)) == 3
import time

import tensorflow as tf


@tf.function
def step(x):
    message = tf.strings.join(["(%.3f) Obtained: " % time.time(), tf.strings.as_string(x)])  # label: ACC4
    return message


messages = []
for _ in range(3):
    messages.append(step(tf.constant(1.0)).numpy().decode())
    time.sleep(0.2)
print(messages)
