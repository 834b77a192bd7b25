# spelling: framework=jax what=module_attr who=loop order=loop_write_call
# label: stale (compiled prints 2.0 2.0 2.0; eager prints 2.0 3.0 4.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


import spell_settings


@jax.jit
def f(x):
    return x * spell_settings.scale  # read


for v in (2.0, 3.0, 4.0):
    for v_ in [v]:
        spell_settings.scale = v_
    print(float(f(X)))
