# spelling: framework=jax what=bound_self who=notebook order=before
# label: fine (compiled prints 3.0 3.0; eager prints 3.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


class Model:
    def __init__(self):
        self.scale = 2.0
        self.step = jax.jit(self._step)

    def set_scale(self, v):
        self.scale = v

    def _step(self, x):
        return x * self.scale  # read


obj = Model()

# %%
obj.scale = 3.0
# %%
print(float(obj.step(X)))
# %%
print(float(obj.step(X)))
