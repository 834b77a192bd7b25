# source: https://www.tensorflow.org/guide/function#executing_python_side_effects
# run: fine (same output as eager)
# framework: TF
# property: P1
# label: none
# The look-alike the guide recommends: tf.print runs on every call; the Python print of a
# constant string in main() is host code.
import sys

import tensorflow as tf


@tf.function
def train_step(x):
    loss = tf.reduce_sum(x)
    tf.print("loss", loss, output_stream=sys.stdout)
    return loss


def main():
    for i in range(4):
        train_step(tf.constant([1.0, float(i)]))
    print("done")


main()
