# spelling: framework=jax what=global who=globals_dict order=between
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

X = jnp.float32(1.0)


SCALE = 2.0


@jax.jit
def f(x):
    return x * SCALE  # read


print(float(f(X)))
globals()["SCALE"] = 3.0
print(float(f(X)))
