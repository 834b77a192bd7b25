# source: blind55:tf_np_random_generator_fine_2
# framework: TF
# label: none
# np.random used in a Python generator feeding tf.data.Dataset.from_generator: the generator is
# plain Python and runs per element, so each sample is fresh.
# verify: len({round(v, 5) for v in c.values}) > 1
import numpy as np
import tensorflow as tf


def samples():
    rng = np.random.default_rng(0)
    for _ in range(6):
        yield rng.normal(size=(3,)).astype(np.float32)


ds = tf.data.Dataset.from_generator(samples, output_signature=tf.TensorSpec((3,), tf.float32))
values = [float(tf.reduce_sum(x)) for x in ds]
