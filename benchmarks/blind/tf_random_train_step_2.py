# source: blind55:tf_random_train_step_2
# framework: TF
# Mixup in a tf.function train step with the mixing coefficient drawn by Python's random: one
# coefficient for the whole run.
# verify: len({round(v, 5) for v in c.lams}) == 1 and len({round(v, 5) for v in e.lams}) > 1
import random

import tensorflow as tf


class Mixup:
    def __init__(self, alpha):
        self.alpha = alpha

    @tf.function
    def mix(self, x1, x2):
        lam = random.betavariate(self.alpha, self.alpha)  # label: ACC1
        return lam * x1 + (1 - lam) * x2


mixer = Mixup(0.4)
lams = []
for step in range(6):
    mixed = mixer.mix(tf.ones(()), tf.zeros(()))
    lams.append(float(mixed))
