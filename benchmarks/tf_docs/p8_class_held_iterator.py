# source: https://www.tensorflow.org/guide/function#using_python_iterators_and_generators
# run: wrong (graph printed 3 lines, eager 3; first difference: '1 2.0' vs '1 4.0')
# framework: TF
# property: P8
# A class holding a tf.function keeps a Python iterator of replay samples and draws from it.
import tensorflow as tf


class Replay:
    def __init__(self, samples):
        self.samples = iter(samples)

    @tf.function
    def sample_loss(self):
        return tf.reduce_sum(next(self.samples))  # label: ACC603


replay = Replay([tf.ones([2]), 2 * tf.ones([2]), 3 * tf.ones([2])])
for i in range(3):
    print(i, float(replay.sample_loss()))
