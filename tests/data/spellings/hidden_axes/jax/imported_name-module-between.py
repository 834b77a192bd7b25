# spelling: framework=jax what=imported_name who=module order=between
# label: fine (compiled prints 2.0 2.0; eager prints 2.0 2.0)
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

X = jnp.float32(1.0)


from spell_settings import scale

import spell_settings


@jax.jit
def f(x):
    return x * scale  # read


print(float(f(X)))
spell_settings.scale = 3.0
print(float(f(X)))
