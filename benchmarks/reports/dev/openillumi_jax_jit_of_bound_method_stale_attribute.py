# source: https://openillumi.com/en/en-jax-jit-class-method-stale-cache-fix
# framework: JAX
# The page's question: `@jit` on a method fails (self is not a valid JAX type), while
# `jit(c.calc)` on an instance's bound method "works". It works by closing over `self`: the
# trace reads `self.mul` once, so after `c.mul = 3` the jitted method keeps multiplying by 2
# (the stale cache the page explains); eagerly the new value is used.
# verify: not close(c.r2, e.r2)
import jax.numpy as jnp
from jax import jit


class CustomClass:
    def __init__(self, mul):
        self.mul = mul

    def calc(self, x):
        return x * self.mul  # label[a]: ACC6


c = CustomClass(2)
jit_calc = jit(c.calc)
x = jnp.arange(3.0)
r1 = jit_calc(x)
c.mul = 3  # label[a]
r2 = jit_calc(x)
print(r1, r2)
