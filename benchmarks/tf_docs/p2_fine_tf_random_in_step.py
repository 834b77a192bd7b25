# source: https://www.tensorflow.org/guide/random_numbers
# run: fine (same output as eager)
# framework: TF
# property: P2
# label: none
# The look-alike: a tf.random.Generator draws on every call; NumPy seeds data on the host.
import numpy as np
import tensorflow as tf

gen = tf.random.Generator.from_seed(1)
data = np.random.normal(size=(3,)).astype("float32")


@tf.function
def augment(x):
    return x + gen.normal([])


outs = {round(float(augment(tf.constant(0.0))), 4) for _ in range(5)}
print("distinct noisy values", len(outs), "data", data.shape)
