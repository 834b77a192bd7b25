# source: https://www.tensorflow.org/guide/function#rules_of_tracing
# run: storm (8 traces in 8 calls)
# framework: TF
# property: P5
# Module level: the loop hands its Python step number to the step function (for a schedule).
import tensorflow as tf

w = tf.Variable(1.0)


@tf.function
def train_step(x, step):
    w.assign_sub(0.01 * x / (1 + step))
    return w.read_value()


n = 8
for step in range(n):
    train_step(tf.constant(1.0), step)  # label: ACC502
print("TRACES", train_step.experimental_get_tracing_count(), "OF", n)
