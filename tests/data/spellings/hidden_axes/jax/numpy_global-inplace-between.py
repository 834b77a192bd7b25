# spelling: framework=jax what=numpy_global who=inplace order=between
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

X = jnp.float32(1.0)


A = np.array([2.0])


@jax.jit
def f(x):
    return (x * A)[0]  # read


print(float(f(X)))
A *= 1.5
print(float(f(X)))
