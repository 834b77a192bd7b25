# source: blind57:jax_static_rate_arg_2
# framework: JAX
# A curriculum hands the number of unrolled solver iterations to a jitted solver through
# `static_argnums` (it is a Python `range` bound); the count grows every epoch, so each
# epoch compiles a new solver.
# verify: c.jax['solve'] >= 8
import functools

import jax
import jax.numpy as jnp

CURRICULUM = {"start": 1, "growth": 1, "epochs": 10}


@functools.partial(jax.jit, static_argnums=(2,))
def solve(a, b, iters):
    x = jnp.zeros_like(b)
    for _ in range(iters):
        x = x + 0.1 * (b - a @ x)
    return x


class Curriculum:
    def __init__(self, cfg):
        self.cfg = cfg

    def iters(self, epoch):
        return self.cfg["start"] + self.cfg["growth"] * epoch


def train(curriculum, epochs):
    a, b = jnp.eye(2), jnp.ones(2)
    return [solve(a, b, curriculum.iters(e)) for e in range(epochs)]  # label: ACC5


sols = train(Curriculum(CURRICULUM), CURRICULUM["epochs"])
