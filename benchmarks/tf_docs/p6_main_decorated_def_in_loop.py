# source: https://www.tensorflow.org/guide/function#rules_of_tracing
# run: storm (8 traces in 8 calls)
# framework: TF
# property: P6
# In main(), the decorated step is defined inside the epoch loop.
import tensorflow as tf


def main():
    w = tf.Variable(1.0)
    traces = 0
    for epoch in range(8):
        @tf.function
        def train_step(g):
            w.assign_sub(0.1 * g)
            return w.read_value()

        train_step(tf.constant(1.0))  # label: ACC501
        traces += train_step.experimental_get_tracing_count()
    print("TRACES", traces, "OF", 8)


main()
