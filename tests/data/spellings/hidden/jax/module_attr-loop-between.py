# spelling: framework=jax what=module_attr who=loop order=between
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


import spell_settings


@jax.jit
def f(x):
    return x * spell_settings.scale  # read


print(float(f(X)))
for v_ in [3.0]:
    spell_settings.scale = v_
print(float(f(X)))
