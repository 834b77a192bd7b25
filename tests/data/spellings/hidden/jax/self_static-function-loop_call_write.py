# spelling: framework=jax what=self_static who=function order=loop_call_write
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
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


def set_scale(o, v):
    o.scale = v


for v in (3.0, 4.0):
    print(float(obj.step(X)))
    set_scale(obj, v)
