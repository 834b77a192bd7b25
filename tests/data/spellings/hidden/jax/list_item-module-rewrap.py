# spelling: framework=jax what=list_item who=module order=rewrap
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


COEFS = [2.0]


def f_impl(x):
    return x * COEFS[0]  # read


f = jax.jit(f_impl)


print(float(f(X)))
COEFS[0] = 3.0
f = jax.jit(f_impl)
print(float(f(X)))
