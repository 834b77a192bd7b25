# spelling: framework=tf axis=static component=tf_attribute_init_static reach=attribute_init written-as=hazard loop=direct
# run (4 -> 8 passes, traces per line): line 26: 4 -> 8
# label: storm line=26
import functools

import numpy as np
import tensorflow as tf


def body(v, w):
    return v * w


class Trainer:
    def __init__(self):
        self.step = tf.function(self._step)

    def _step(self, v, w):
        return v * w


def run(n):
    x = tf.ones(3)
    trainer = Trainer()
    for i in range(n):
        trainer.step(x, float(i))
