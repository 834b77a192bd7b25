# spelling: framework=jax what=chain who=module order=lazy
# label: fine (compiled prints 3.0 3.0 3.0; eager prints 3.0 3.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


class Inner:
    def __init__(self):
        self.scale = None

    def set_scale(self, v):
        self.scale = v


class Config:
    def __init__(self):
        self.inner = Inner()


cfg = Config()


@partial(jax.jit, static_argnums=1)
def f(x, c):
    return x * c.inner.scale  # read


for step in range(3):
    if cfg.inner.scale is None:
        cfg.inner.scale = 3.0
    print(float(f(X, cfg)))
