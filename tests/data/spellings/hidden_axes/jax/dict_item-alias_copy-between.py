# spelling: framework=jax what=dict_item who=alias_copy order=between
# label: fine (compiled prints 2.0 2.0; eager prints 2.0 2.0)
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

X = jnp.float32(1.0)


CFG = {"scale": 2.0}


@jax.jit
def f(x):
    return x * CFG["scale"]  # read


print(float(f(X)))
c = dict(CFG)
c["scale"] = 3.0
print(float(f(X)))
