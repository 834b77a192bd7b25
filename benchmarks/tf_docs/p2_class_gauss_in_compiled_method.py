# source: https://www.tensorflow.org/guide/function#executing_python_side_effects
# run: wrong (graph printed 1 lines, eager 1; first difference: 'distinct actions 1' vs 'distinct actions 5')
# framework: TF
# property: P2
# A class holding a tf.function: the exploration policy adds Gaussian noise with random.gauss.
import random

import tensorflow as tf


class Policy:
    def __init__(self, scale):
        self.scale = scale
        self.act = tf.function(self._act)

    def _act(self, obs):
        return tf.reduce_sum(obs) + random.gauss(0.0, self.scale)  # label: ACC101


policy = Policy(1.0)
actions = {round(float(policy.act(tf.constant([1.0, 2.0]))), 4) for _ in range(5)}
print("distinct actions", len(actions))
