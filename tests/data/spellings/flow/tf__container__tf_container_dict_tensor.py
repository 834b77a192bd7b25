# spelling: framework=tf axis=container component=tf_container_dict_tensor reach=container written-as=look-alike
# run (4 -> 8 passes, traces per line): line 44: 1 -> 1
# label: fine
import numpy as np
import tensorflow as tf

class Config:
    pass


def double(v):
    return v * 2.0


@tf.function
def train_step(v, w):
    return v * w


@tf.function(reduce_retracing=True)
def relaxed(v):
    return v * 2.0


@tf.function
def keyed(v, k):  # k only in the key
    return v * 2.0


@tf.function
def total(v):
    return tf.reduce_sum(v)


@tf.function
def with_hparams(v, hp):
    return v * hp["lr"]


def run(n):
    x = tf.ones(3)
    for i in range(n):
        hp = {"lr": tf.constant(0.1 / (i + 1))}
        with_hparams(x, hp)
