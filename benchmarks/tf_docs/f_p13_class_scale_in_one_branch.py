# source: https://www.tensorflow.org/guide/function#conditionals
# run: error (ValueError: in user code:)
# framework: TF
# property: P13
# Written after the stop-43 changes: a class compiles its step in __init__; the step names its
# gradient scale only when the gradient is large.
import tensorflow as tf


class Clipper:
    def __init__(self):
        self.step = tf.function(self._step)

    def _step(self, g):
        norm = tf.norm(g)
        if norm > 1.0:  # label: ACC210
            scale = 1.0 / norm
        return g * scale


print(Clipper().step(tf.constant([3.0, 4.0])).numpy().tolist())
