# spelling: framework=jax what=imported_helper who=module order=between
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

X = jnp.float32(1.0)


import spell_settings
from spell_helpers import get_scale


@jax.jit
def f(x):
    return x * get_scale()  # read


print(float(f(X)))
spell_settings.scale = 3.0
print(float(f(X)))
