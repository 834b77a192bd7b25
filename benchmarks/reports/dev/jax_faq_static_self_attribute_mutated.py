# source: https://docs.jax.dev/en/latest/faq.html#how-to-use-jit-with-methods
# framework: JAX
# The FAQ's "mark self as static" strategy: `calc` is jitted with `self` static, hashed by
# identity; setting `c.mul = False` afterwards does not change the key, so the cached trace
# still multiplies.
# verify: c.second == 6 and e.second == 3
from functools import partial

import jax.numpy as jnp
from jax import jit


class CustomClass:
    def __init__(self, x: jnp.ndarray, mul: bool):
        self.x = x
        self.mul = mul

    @partial(jit, static_argnums=0)
    def calc(self, y):
        if self.mul:  # label[m]: ACC6
            return self.x * y
        return y


c = CustomClass(2, True)
first = int(c.calc(3))
c.mul = False  # label[m]
second = int(c.calc(3))
