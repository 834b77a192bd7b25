# spelling: framework=jax what=list_len who=append order=between
# label: stale (compiled prints 1.0 1.0; eager prints 1.0 2.0)
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

X = jnp.float32(1.0)


ITEMS = [2.0]


@jax.jit
def f(x):
    return x * len(ITEMS)  # read


print(float(f(X)))
ITEMS.append(3.0)
print(float(f(X)))
