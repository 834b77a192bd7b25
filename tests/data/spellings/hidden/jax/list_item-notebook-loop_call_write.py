# spelling: framework=jax what=list_item who=notebook order=loop_call_write
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


COEFS = [2.0]

# %%
@jax.jit
def f(x):
    return x * COEFS[0]  # read

# %%
for v in (3.0, 4.0):
    print(float(f(X)))
    COEFS[0] = v
