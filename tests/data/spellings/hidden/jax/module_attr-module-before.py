# spelling: framework=jax what=module_attr who=module order=before
# label: fine (compiled prints 3.0 3.0; eager prints 3.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


import spell_settings


@jax.jit
def f(x):
    return x * spell_settings.scale  # read


spell_settings.scale = 3.0
print(float(f(X)))
print(float(f(X)))
