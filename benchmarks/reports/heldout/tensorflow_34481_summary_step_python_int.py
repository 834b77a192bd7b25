# source: https://github.com/tensorflow/tensorflow/issues/34481
# framework: TF
# "Summaries producing warnings": the tf.summary guide's example `@tf.function def my_func(step):
# with writer.as_default(): tf.summary.write("my_metric", 0.5, step=step)` called as
# `for step in range(100): my_func(step)` warns "5 out of the last 5 calls ... triggered
# tf.function retracing": a Python int argument is part of the cache key, so each new step is a
# new trace. The fix in the thread converts the step to a tensor. The guide's code.
# (`tf.summary.scalar` needs TensorBoard, not installed here: `tf.summary.write`, the core op it
# wraps, stands in for it.)
# verify: c.tf["my_func"] >= 90
import tempfile

import tensorflow as tf

writer = tf.summary.create_file_writer(tempfile.mkdtemp())


@tf.function
def my_func(step):
    with writer.as_default():
        # other model code would go here
        tf.summary.write("my_metric", 0.5, step=step)


for step in range(100):
    my_func(step)  # label: ACC5
    writer.flush()
