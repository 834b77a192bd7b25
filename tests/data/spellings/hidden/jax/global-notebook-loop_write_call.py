# spelling: framework=jax what=global who=notebook order=loop_write_call
# label: stale (compiled prints 2.0 2.0 2.0; eager prints 2.0 3.0 4.0)
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
for v in (2.0, 3.0, 4.0):
    SCALE = v
    print(float(f(X)))
