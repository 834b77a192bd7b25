# source: blind56:jax_static_step_index_1
# framework: JAX
# The warmup factor depends on the step number, and the author marked `step` static so that a
# Python `if step < warmup` works inside the jitted update. Every step is a new static value.
# verify: c.jax['apply_update'] >= 8
from functools import partial

import jax
import jax.numpy as jnp

HPARAMS = {"lr": 0.1, "warmup": 5}


@partial(jax.jit, static_argnames=("step",))
def apply_update(params, grads, step):
    scale = (step + 1) / HPARAMS["warmup"] if step < HPARAMS["warmup"] else 1.0
    return jax.tree_util.tree_map(lambda p, g: p - HPARAMS["lr"] * scale * g, params, grads)


class Learner:
    def __init__(self):
        self.params = {"w": jnp.ones(3)}
        self.step = 0

    def learn(self, x):
        grads = jax.grad(lambda p: jnp.sum((p["w"] * x) ** 2))(self.params)
        self.params = apply_update(self.params, grads, step=self.step)  # label[a]: ACC5
        self.step += 1  # label[a]


learner = Learner()
for x in [jnp.ones(3) * i for i in range(10)]:
    learner.learn(x)  # label[a]
