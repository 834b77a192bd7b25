# spelling: framework=jax what=chain who=module order=redefined
# label: fine (compiled prints 2.0 3.0; eager prints 2.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


class Inner:
    def __init__(self):
        self.scale = 2.0

    def set_scale(self, v):
        self.scale = v


class Config:
    def __init__(self):
        self.inner = Inner()


cfg = Config()


@partial(jax.jit, static_argnums=1)
def f(x, c):
    return x * c.inner.scale  # read


print(float(f(X, cfg)))
cfg.inner.scale = 3.0
@partial(jax.jit, static_argnums=1)
def f(x, c):
    return x * c.inner.scale  # read
print(float(f(X, cfg)))
