# spelling: framework=jax what=global_item_attr who=module order=between
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

X = jnp.float32(1.0)


class State:
    def __init__(self):
        self.scale = 2.0


REGISTRY = {"main": State()}


@jax.jit
def f(x):
    return x * REGISTRY["main"].scale  # read


print(float(f(X)))
REGISTRY["main"].scale = 3.0
print(float(f(X)))
