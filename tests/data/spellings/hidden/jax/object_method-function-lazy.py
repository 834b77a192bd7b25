# spelling: framework=jax what=object_method who=function order=lazy
# label: fine (compiled prints 3.0 3.0 3.0; eager prints 3.0 3.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


class State:
    def __init__(self):
        self.scale = None

    def set_scale(self, v):
        self.scale = v

    def value(self):
        return self.scale  # read


STATE = State()


@jax.jit
def f(x):
    return x * STATE.value()


def set_scale(o, v):
    o.scale = v


for step in range(3):
    if STATE.scale is None:
        set_scale(STATE, 3.0)
    print(float(f(X)))
