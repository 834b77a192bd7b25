# spelling: framework=jax what=object_method who=loop order=loop_write_call
# label: stale (compiled prints 2.0 2.0 2.0; eager prints 2.0 3.0 4.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


class State:
    def __init__(self):
        self.scale = 2.0

    def set_scale(self, v):
        self.scale = v

    def value(self):
        return self.scale  # read


STATE = State()


@jax.jit
def f(x):
    return x * STATE.value()


for v in (2.0, 3.0, 4.0):
    for v_ in [v]:
        STATE.scale = v_
    print(float(f(X)))
