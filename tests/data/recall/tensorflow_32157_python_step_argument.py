# source: https://github.com/tensorflow/tensorflow/issues/32157
# A Python int passed to a tf.function on every step is part of its signature: each new value
# traces the function again (the "triggered tf.function retracing" warning).
import tensorflow as tf


@tf.function
def train_step(x, step):
    tf.summary.scalar("loss", tf.reduce_sum(x), step=step)
    return x * 2.0


x = tf.ones(3)
for step in range(100):
    train_step(x, step)  # expect: ACC502
