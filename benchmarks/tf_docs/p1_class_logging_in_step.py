# source: https://www.tensorflow.org/guide/function#executing_python_side_effects
# run: wrong (graph printed 2 lines, eager 5; first difference: 'w 7.0' vs 'took a step')
# framework: TF
# property: P1
# A trainer class compiles its step in __init__ and logs every step from inside it.
import logging

import tensorflow as tf

logging.basicConfig(level=logging.INFO, format="%(message)s", stream=__import__("sys").stdout)
log = logging.getLogger("trainer")


class Trainer:
    def __init__(self):
        self.w = tf.Variable(1.0)
        self.step = tf.function(self._step)

    def _step(self, x):
        self.w.assign_add(tf.reduce_mean(x))
        log.info("took a step")  # label: ACC403
        return self.w.read_value()

    def fit(self, batches):
        for x in batches:
            self.step(x)


trainer = Trainer()
trainer.fit([tf.constant([1.0, 2.0])] * 4)
print("w", float(trainer.w.numpy()))
