# source: blind58:acc502_tf_python_lr_2
# framework: TF
# A tf.function method takes the learning rate as a Python float that a cosine schedule
# computes per epoch: a Python argument is keyed by value, so each epoch traces again.
# verify: c.tf['apply_grads'] >= 8
import math

import tensorflow as tf


class Model:
    def __init__(self):
        self.w = tf.Variable(tf.ones([3]))

    @tf.function
    def apply_grads(self, g, lr):
        self.w.assign_sub(lr * g)
        return self.w


def cosine(epoch, total, base=0.1):
    return base * 0.5 * (1 + math.cos(math.pi * epoch / total))


model = Model()
for epoch in range(10):
    model.apply_grads(tf.ones([3]), cosine(epoch, 10))  # label: ACC502
w_final = model.w.numpy()
