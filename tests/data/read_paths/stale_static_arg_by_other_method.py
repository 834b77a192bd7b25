# run (jax 0.10.2: compiled prints 2.0 2.0; eager prints 2.0 3.0)
from functools import partial

import jax


class Cfg:
    def __init__(self):
        self.scale = 2.0


class Tuner:
    def apply(self, c, v):
        c.scale = v


@partial(jax.jit, static_argnums=1)
def f(x, c):
    return x * c.scale  # read


cfg = Cfg()
tuner = Tuner()
a = f(1.0, cfg)
tuner.apply(cfg, 3.0)
b = f(1.0, cfg)
print(a, b)
