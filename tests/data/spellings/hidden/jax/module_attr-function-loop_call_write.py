# spelling: framework=jax what=module_attr who=function order=loop_call_write
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


import spell_settings


@jax.jit
def f(x):
    return x * spell_settings.scale  # read


def set_scale(v):
    spell_settings.scale = v


for v in (3.0, 4.0):
    print(float(f(X)))
    set_scale(v)
