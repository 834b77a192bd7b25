# source: blind57:tf_python_random_aug_1
# framework: TF
# An augmenter's tf.function decides whether to flip with Python's `random`; the decision is
# made once while tracing, so every batch is flipped the same way.
# verify: len({round(float(v), 4) for v in c.firsts}) == 1
# verify: len({round(float(v), 4) for v in e.firsts}) == 2
import random

import tensorflow as tf


class Augmenter:
    def __init__(self, p=0.5):
        self.p = p

    @tf.function
    def __call__(self, images):
        if random.random() < self.p:  # label: ACC1
            images = tf.reverse(images, axis=[-1])
        return images


def batches(n):
    for _ in range(n):
        yield tf.reshape(tf.range(6, dtype=tf.float32), [1, 2, 3])


def preprocess(aug, loader):
    return [float(aug(b)[0, 0, 0]) for b in loader]


random.seed(1)
firsts = preprocess(Augmenter(), batches(12))
