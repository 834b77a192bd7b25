# spelling: framework=jax what=module_attr who=loop order=lazy
# label: fine (compiled prints 3.0 3.0 3.0; eager prints 3.0 3.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


import spell_settings
spell_settings.scale = None


@jax.jit
def f(x):
    return x * spell_settings.scale  # read


for step in range(3):
    if spell_settings.scale is None:
        for v_ in [3.0]:
            spell_settings.scale = v_
    print(float(f(X)))
