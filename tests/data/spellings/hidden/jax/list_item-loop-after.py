# spelling: framework=jax what=list_item who=loop order=after
# label: fine (compiled prints 2.0 2.0; eager prints 2.0 2.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


COEFS = [2.0]


@jax.jit
def f(x):
    return x * COEFS[0]  # read


print(float(f(X)))
print(float(f(X)))
for v_ in [3.0]:
    COEFS[0] = v_
