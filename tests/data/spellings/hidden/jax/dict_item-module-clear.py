# spelling: framework=jax what=dict_item who=module order=clear
# label: fine (compiled prints 2.0 3.0; eager prints 2.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


CFG = {"scale": 2.0}


@jax.jit
def f(x):
    return x * CFG["scale"]  # read


print(float(f(X)))
CFG["scale"] = 3.0
jax.clear_caches()
print(float(f(X)))
