# source: blind56:tf_scalar_lr_arg_2
# framework: TF
# The learning rate of a custom loop comes from a schedule function and is handed to the
# compiled apply step as a Python float. Every step has a new float, so every step retraces.
# verify: c.tf['apply_step'] >= 8
import math

import tensorflow as tf

CONFIG = {"base_lr": 0.05, "total_steps": 12}


def cosine_lr(step, config):
    return config["base_lr"] * 0.5 * (1 + math.cos(math.pi * step / config["total_steps"]))


@tf.function
def apply_step(model_vars, x, y, lr):
    with tf.GradientTape() as tape:
        pred = tf.matmul(x, model_vars[0]) + model_vars[1]
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, model_vars)
    for v, g in zip(model_vars, grads):
        v.assign_sub(lr * g)
    return loss


def fit(model_vars, batches, config):
    losses = []
    for step, (x, y) in enumerate(batches):
        lr = cosine_lr(step, config)  # label[a]
        losses.append(apply_step(model_vars, x, y, lr))  # label[a]: ACC5
    return losses


model_vars = [tf.Variable(tf.zeros((2, 1))), tf.Variable(tf.zeros((1,)))]
batches = [(tf.ones((4, 2)), tf.ones((4, 1)))] * CONFIG["total_steps"]
losses = fit(model_vars, batches, CONFIG)
