# source: blind56:tf_scalar_lr_fine_1
# framework: TF
# label: none
# The same cosine schedule, but the loop assigns the rate to a tf.Variable that the compiled
# step reads: the signature never changes, one trace for all steps, and every rate is used.
# verify: c.tf['apply_step'] == 1 and close(c.losses, e.losses)
import math

import tensorflow as tf

CONFIG = {"base_lr": 0.05, "total_steps": 12}


def cosine_lr(step, config):
    return config["base_lr"] * 0.5 * (1 + math.cos(math.pi * step / config["total_steps"]))


lr_var = tf.Variable(CONFIG["base_lr"], trainable=False)


@tf.function
def apply_step(model_vars, x, y):
    with tf.GradientTape() as tape:
        pred = tf.matmul(x, model_vars[0]) + model_vars[1]
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, model_vars)
    for v, g in zip(model_vars, grads):
        v.assign_sub(lr_var * g)
    return loss


def fit(model_vars, batches, config):
    losses = []
    for step, (x, y) in enumerate(batches):
        lr_var.assign(cosine_lr(step, config))
        losses.append(apply_step(model_vars, x, y))
    return losses


model_vars = [tf.Variable(tf.zeros((2, 1))), tf.Variable(tf.zeros((1,)))]
batches = [(tf.ones((4, 2)), tf.ones((4, 1)))] * CONFIG["total_steps"]
losses = fit(model_vars, batches, CONFIG)
