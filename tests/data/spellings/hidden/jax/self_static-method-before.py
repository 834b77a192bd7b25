# spelling: framework=jax what=self_static who=method order=before
# label: fine (compiled prints 3.0 3.0; eager prints 3.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


class Model:
    def __init__(self):
        self.scale = 2.0

    def set_scale(self, v):
        self.scale = v

    @partial(jax.jit, static_argnums=0)
    def step(self, x):
        return x * self.scale  # read


obj = Model()


obj.set_scale(3.0)
print(float(obj.step(X)))
print(float(obj.step(X)))
