# spelling: framework=jax what=class_attr_self who=class order=between
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

X = jnp.float32(1.0)


class Model:
    scale = 2.0

    def __init__(self):
        self.step = jax.jit(self._step)

    def _step(self, x):
        return x * self.scale  # read


obj = Model()
print(float(obj.step(X)))
Model.scale = 3.0
print(float(obj.step(X)))
