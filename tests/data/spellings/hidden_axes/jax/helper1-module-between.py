# spelling: framework=jax what=helper1 who=module order=between
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

X = jnp.float32(1.0)


SCALE = 2.0


def get_scale():
    return SCALE  # read


@jax.jit
def f(x):
    return x * get_scale()


print(float(f(X)))
SCALE = 3.0
print(float(f(X)))
