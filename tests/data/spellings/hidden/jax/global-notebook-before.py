# spelling: framework=jax what=global who=notebook order=before
# label: fine (compiled prints 3.0 3.0; eager prints 3.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


SCALE = 2.0

# %%
@jax.jit
def f(x):
    return x * SCALE  # read

# %%
SCALE = 3.0
# %%
print(float(f(X)))
# %%
print(float(f(X)))
