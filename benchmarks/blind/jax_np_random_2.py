# source: blind55:jax_np_random_2
# framework: JAX
# Stochastic depth decided with Python's random module inside the jitted block: the coin is
# tossed once while tracing and the same layers are dropped on every call.
# verify: len({round(float(v), 5) for v in c.outs}) == 1 and len({round(float(v), 5) for v in e.outs}) > 1
import random

import jax
import jax.numpy as jnp


class Block:
    def __init__(self, drop_prob):
        self.drop_prob = drop_prob
        self.apply = jax.jit(self._apply)

    def _apply(self, x):
        if random.random() < self.drop_prob:  # label: ACC1
            return x
        return x + jnp.tanh(x)


random.seed(1)
block = Block(0.5)
outs = [block.apply(jnp.ones(())) for _ in range(12)]
