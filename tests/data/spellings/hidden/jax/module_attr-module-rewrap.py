# spelling: framework=jax what=module_attr who=module order=rewrap
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


import spell_settings


def f_impl(x):
    return x * spell_settings.scale  # read


f = jax.jit(f_impl)


print(float(f(X)))
spell_settings.scale = 3.0
f = jax.jit(f_impl)
print(float(f(X)))
