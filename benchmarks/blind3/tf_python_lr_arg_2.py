# source: blind57:tf_python_lr_arg_2
# framework: TF
# A jit-compiled update function receives the current temperature of an annealing schedule
# object as a keyword argument (a Python float); each epoch's temperature retraces it.
# verify: c.tf['anneal_update'] >= 8
import math

import tensorflow as tf


class Annealer:
    def __init__(self, t0=1.0, total=10):
        self.t0, self.total = t0, total

    def temperature(self, epoch):
        return self.t0 * math.exp(-3.0 * epoch / self.total)


@tf.function(jit_compile=True)
def anneal_update(logits, temperature):
    return tf.nn.softmax(logits / temperature)


class Sampler:
    def __init__(self, annealer):
        self.annealer = annealer
        self.logits = tf.constant([[1.0, 2.0, 0.5]])

    def probs(self, epoch):
        return anneal_update(self.logits, temperature=self.annealer.temperature(epoch))  # label: ACC5


sampler = Sampler(Annealer())
probs = [sampler.probs(epoch) for epoch in range(10)]
