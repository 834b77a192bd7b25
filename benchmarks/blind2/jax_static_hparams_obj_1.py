# source: blind56:jax_static_hparams_obj_1
# framework: JAX
# The jitted loss takes a small hyper-parameter object as a static argument. The object is a
# plain class (hashed by identity), and the helper that prepares each step builds a fresh one
# from the config dict: every step is a new key and a new trace.
# verify: c.jax['loss_fn'] >= 8
import functools

import jax
import jax.numpy as jnp


class LossHParams:
    def __init__(self, margin, reduction):
        self.margin = margin
        self.reduction = reduction


@functools.partial(jax.jit, static_argnums=(2,))
def loss_fn(anchor, positive, hp):
    d = jnp.sum((anchor - positive) ** 2, axis=-1)
    per = jnp.maximum(d - hp.margin, 0.0)
    return per.mean() if hp.reduction == "mean" else per.sum()


def prepare(config):
    return LossHParams(config["margin"], config["reduction"])  # label[a]


def train(config, steps):
    a = jnp.ones((4, 3))
    losses = []
    for i in range(steps):
        hp = prepare(config)
        losses.append(loss_fn(a, a * (i / steps), hp))  # label[a]: ACC5
    return losses


losses = train({"margin": 0.2, "reduction": "mean"}, 10)
