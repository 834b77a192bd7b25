# spelling: framework=jax what=list_item who=notebook order=lazy
# label: fine (compiled prints 3.0 3.0 3.0; eager prints 3.0 3.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


COEFS = [None]

# %%
@jax.jit
def f(x):
    return x * COEFS[0]  # read

# %%
for step in range(3):
    if COEFS[0] is None:
        COEFS[0] = 3.0
    print(float(f(X)))
