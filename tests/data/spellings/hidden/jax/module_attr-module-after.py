# spelling: framework=jax what=module_attr who=module order=after
# label: fine (compiled prints 2.0 2.0; eager prints 2.0 2.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


import spell_settings


@jax.jit
def f(x):
    return x * spell_settings.scale  # read


print(float(f(X)))
print(float(f(X)))
spell_settings.scale = 3.0
