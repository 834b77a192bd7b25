# spelling: framework=jax what=chain who=loop order=after
# label: fine (compiled prints 2.0 2.0; eager prints 2.0 2.0)
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
print(float(f(X, cfg)))
for v_ in [3.0]:
    cfg.inner.scale = v_
