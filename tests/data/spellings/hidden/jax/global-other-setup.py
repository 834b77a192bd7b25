# spelling: framework=jax what=global who=other order=setup
# label: fine (compiled prints 3.0 3.0; eager prints 3.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


SCALE = None


@jax.jit
def f(x):
    return x * SCALE  # read


class Tuner:
    def apply(self, v):
        global SCALE
        SCALE = v


TUNER = Tuner()


TUNER.apply(3.0)
print(float(f(X)))
print(float(f(X)))
