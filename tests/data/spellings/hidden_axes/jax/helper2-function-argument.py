# spelling: framework=jax what=helper2 who=function order=argument
# label: fine (compiled prints 2.0 3.0; eager prints 2.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

X = jnp.float32(1.0)


SCALE = 2.0


def factor(s):
    return 1.0 * s  # read


@jax.jit
def f(x, s):
    return x * factor(s)


print(float(f(X, SCALE)))
SCALE = 3.0
print(float(f(X, SCALE)))
