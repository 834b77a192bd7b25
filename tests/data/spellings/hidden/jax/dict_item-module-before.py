# spelling: framework=jax what=dict_item who=module order=before
# label: fine (compiled prints 3.0 3.0; eager prints 3.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


CFG = {"scale": 2.0}


@jax.jit
def f(x):
    return x * CFG["scale"]  # read


CFG["scale"] = 3.0
print(float(f(X)))
print(float(f(X)))
