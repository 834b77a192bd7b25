# spelling: framework=jax what=list_item who=other order=between
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


COEFS = [2.0]


@jax.jit
def f(x):
    return x * COEFS[0]  # read


class Tuner:
    def apply(self, target, v):
        target[0] = v


TUNER = Tuner()


print(float(f(X)))
TUNER.apply(COEFS, 3.0)
print(float(f(X)))
