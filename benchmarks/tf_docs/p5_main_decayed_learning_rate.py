# source: https://www.tensorflow.org/guide/function#rules_of_tracing
# run: storm (8 traces in 8 calls)
# framework: TF
# property: P5
# In main(), a learning rate computed from the epoch is passed as a Python float.
import math

import tensorflow as tf

w = tf.Variable(1.0)


@tf.function
def apply_update(g, lr):
    w.assign_sub(lr * g)
    return w.read_value()


def main():
    epochs = 8
    for epoch in range(epochs):
        lr = 0.1 * math.exp(-epoch / 10)
        apply_update(tf.constant(1.0), lr)  # label: ACC502
    print("TRACES", apply_update.experimental_get_tracing_count(), "OF", epochs)


main()
