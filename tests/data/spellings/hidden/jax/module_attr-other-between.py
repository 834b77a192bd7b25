# spelling: framework=jax what=module_attr who=other order=between
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


import spell_settings


@jax.jit
def f(x):
    return x * spell_settings.scale  # read


class Tuner:
    def apply(self, target, v):
        target.scale = v


TUNER = Tuner()


print(float(f(X)))
TUNER.apply(spell_settings, 3.0)
print(float(f(X)))
