# spelling: framework=jax what=module_attr who=other order=loop_write_call
# label: stale (compiled prints 2.0 2.0 2.0; eager prints 2.0 3.0 4.0)
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


for v in (2.0, 3.0, 4.0):
    TUNER.apply(spell_settings, v)
    print(float(f(X)))
