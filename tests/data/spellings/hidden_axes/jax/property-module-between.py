# spelling: framework=jax what=property who=module order=between
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

X = jnp.float32(1.0)


class State:
    def __init__(self):
        self._scale = 2.0

    @property
    def scale(self):
        return self._scale


STATE = State()


@jax.jit
def f(x):
    return x * STATE.scale  # read


print(float(f(X)))
STATE._scale = 3.0
print(float(f(X)))
