# spelling: framework=jax what=self_static who=other order=setup
# label: fine (compiled prints 3.0 3.0; eager prints 3.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


class Model:
    def __init__(self):
        self.scale = None

    def set_scale(self, v):
        self.scale = v

    @partial(jax.jit, static_argnums=0)
    def step(self, x):
        return x * self.scale  # read


obj = Model()


class Tuner:
    def apply(self, target, v):
        target.scale = v


TUNER = Tuner()


TUNER.apply(obj, 3.0)
print(float(obj.step(X)))
print(float(obj.step(X)))
