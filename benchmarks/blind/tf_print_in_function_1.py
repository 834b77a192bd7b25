# source: blind55:tf_print_in_function_1
# framework: TF
# A progress print in a tf.function train step prints once, while tracing, instead of every step.
# verify: c.out.count('step loss') == 1 and e.out.count('step loss') == 5
import tensorflow as tf

w = tf.Variable(1.0)


@tf.function
def train_step(x):
    with tf.GradientTape() as tape:
        loss = (w * x - 1.0) ** 2
    w.assign_sub(0.1 * tape.gradient(loss, w))
    print("step loss", loss)  # label: ACC4
    return loss


for step in range(5):
    train_step(tf.constant(2.0))
