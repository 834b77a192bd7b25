# source: https://github.com/tensorflow/tensorflow/issues/43584
# framework: TF
# "tf.summary.create_file_writer does not write any event file": the thread quotes the
# documented pattern: `writer.as_default()` inside the tf.function `my_func(step)`, called as
# `for step in tf.range(100, dtype=tf.int64): my_func(step)`. The step is a tensor, so one trace
# serves every call, and the summary op writes on every call. Fine. The quoted code (without the
# reporter's `disable_eager_execution`, which the thread identifies as the cause).
# label: none
# (`tf.summary.scalar` needs TensorBoard, not installed here: `tf.summary.write`, the core op it
# wraps, stands in for it.)
# verify: c.tf["my_func"] == 1 and c.events > 0
import os
import tempfile

import tensorflow as tf

logdir = tempfile.mkdtemp()
writer = tf.summary.create_file_writer(logdir)


@tf.function
def my_func(step):
    with writer.as_default():
        # other model code would go here
        tf.summary.write("my_metric", 0.5, step=step)


for step in tf.range(100, dtype=tf.int64):
    my_func(step)
    writer.flush()
events = sum(os.path.getsize(os.path.join(logdir, f)) for f in os.listdir(logdir))
