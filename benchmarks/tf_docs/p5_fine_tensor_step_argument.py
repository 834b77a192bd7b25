# source: https://www.tensorflow.org/guide/function#rules_of_tracing
# run: fine (1 traces in 8 calls, same output as eager)
# framework: TF
# property: P5
# label: none
# The guide's fix: the step is passed as a tensor, so one trace serves every step.
import tensorflow as tf

w = tf.Variable(1.0)


@tf.function
def train_step(x, step):
    w.assign_sub(0.01 * x / (1 + tf.cast(step, tf.float32)))
    return w.read_value()


n = 8
for step in range(n):
    train_step(tf.constant(1.0), tf.constant(step))
print("TRACES", train_step.experimental_get_tracing_count(), "OF", n)
