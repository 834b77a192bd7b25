# source: blind56:jax_static_hparams_obj_fine_1
# framework: JAX
# label: none
# The same static hyper-parameter object rebuilt every step, but as a frozen dataclass: equal
# fields hash and compare equal, so every step hits the first trace.
# verify: c.jax['loss_fn'] == 1
import dataclasses
import functools

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class LossHParams:
    margin: float
    reduction: str


@functools.partial(jax.jit, static_argnums=(2,))
def loss_fn(anchor, positive, hp):
    d = jnp.sum((anchor - positive) ** 2, axis=-1)
    per = jnp.maximum(d - hp.margin, 0.0)
    return per.mean() if hp.reduction == "mean" else per.sum()


def prepare(config):
    return LossHParams(config["margin"], config["reduction"])


def train(config, steps):
    a = jnp.ones((4, 3))
    losses = []
    for i in range(steps):
        hp = prepare(config)
        losses.append(loss_fn(a, a * (i / steps), hp))
    return losses


losses = train({"margin": 0.2, "reduction": "mean"}, 10)
