# spelling: framework=jax what=global who=loop order=before
# label: fine (compiled prints 3.0 3.0; eager prints 3.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


SCALE = 2.0


@jax.jit
def f(x):
    return x * SCALE  # read


for v_ in [3.0]:
    SCALE = v_
print(float(f(X)))
print(float(f(X)))
