# source: https://github.com/tensorflow/tensorflow/issues/26510
# framework: TF
# "tf.print() support of `sep` and `end` arguments": the feature request's example, a
# `@tf.function def train(n_epochs, n_steps)` looping over `tf.range` epochs and steps and
# reporting progress with `tf.print(..., sep="", end="")`. tf.print is a graph op, so it prints at
# every step of every call (sep and end are supported on TF 2.21). The request's code with 2
# epochs of 3 steps. Fine.
# label: none
# verify: c.tf['train'] == 1
import sys

import tensorflow as tf


@tf.function
def train(n_epochs, n_steps):
    for epoch in tf.range(1, n_epochs + 1):
        tf.print("Epoch ", epoch, "/", n_epochs, sep="", output_stream=sys.stdout)
        for step in tf.range(1, n_steps + 1):
            tf.print("\rStep ", step, "/", n_steps, sep="", end="", output_stream=sys.stdout)
        tf.print(output_stream=sys.stdout)


train(n_epochs=tf.constant(2), n_steps=tf.constant(3))
