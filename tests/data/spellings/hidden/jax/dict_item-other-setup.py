# spelling: framework=jax what=dict_item who=other order=setup
# label: fine (compiled prints 3.0 3.0; eager prints 3.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


CFG = {"scale": None}


@jax.jit
def f(x):
    return x * CFG["scale"]  # read


class Tuner:
    def apply(self, target, v):
        target["scale"] = v


TUNER = Tuner()


TUNER.apply(CFG, 3.0)
print(float(f(X)))
print(float(f(X)))
