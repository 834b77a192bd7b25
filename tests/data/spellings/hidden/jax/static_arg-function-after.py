# spelling: framework=jax what=static_arg who=function order=after
# label: fine (compiled prints 2.0 2.0; eager prints 2.0 2.0)
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


def set_scale(o, v):
    o.scale = v


print(float(f(X, cfg)))
print(float(f(X, cfg)))
set_scale(cfg, 3.0)
