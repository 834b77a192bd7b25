# spelling: framework=jax what=helper_item who=module order=between
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

X = jnp.float32(1.0)


CFG = {"scale": 2.0}


def get_scale(key):
    return CFG[key]  # read


@jax.jit
def f(x):
    return x * get_scale("scale")


print(float(f(X)))
CFG["scale"] = 3.0
print(float(f(X)))
