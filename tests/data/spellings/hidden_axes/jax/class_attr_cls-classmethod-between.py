# spelling: framework=jax what=class_attr_cls who=classmethod order=between
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

X = jnp.float32(1.0)


class Model:
    scale = 2.0

    @classmethod
    def set_scale(cls, v):
        cls.scale = v

    @partial(jax.jit, static_argnums=0)
    def step(self, x):
        return x * type(self).scale  # read


obj = Model()
print(float(obj.step(X)))
Model.set_scale(3.0)
print(float(obj.step(X)))
