# spelling: framework=jax what=module_attr who=notebook order=loop_call_write
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


import spell_settings

# %%
@jax.jit
def f(x):
    return x * spell_settings.scale  # read

# %%
for v in (3.0, 4.0):
    print(float(f(X)))
    spell_settings.scale = v
