# spelling: framework=jax what=dict_item who=loop order=lazy
# label: fine (compiled prints 3.0 3.0 3.0; eager prints 3.0 3.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


CFG = {"scale": None}


@jax.jit
def f(x):
    return x * CFG["scale"]  # read


for step in range(3):
    if CFG["scale"] is None:
        for v_ in [3.0]:
            CFG["scale"] = v_
    print(float(f(X)))
