# spelling: framework=jax what=static_arg who=other order=before
# label: fine (compiled prints 3.0 3.0; eager prints 3.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


class Config:
    def __init__(self):
        self.scale = 2.0

    def set_scale(self, v):
        self.scale = v


cfg = Config()


@partial(jax.jit, static_argnums=1)
def f(x, c):
    return x * c.scale  # read


class Tuner:
    def apply(self, target, v):
        target.scale = v


TUNER = Tuner()


TUNER.apply(cfg, 3.0)
print(float(f(X, cfg)))
print(float(f(X, cfg)))
