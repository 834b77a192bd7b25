# spelling: framework=jax what=object_method who=other order=loop_call_write
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
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


class Tuner:
    def apply(self, target, v):
        target.scale = v


TUNER = Tuner()


for v in (3.0, 4.0):
    print(float(f(X)))
    TUNER.apply(STATE, v)
