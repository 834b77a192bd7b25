# spelling: framework=jax what=helper2 who=function order=between
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

X = jnp.float32(1.0)


SCALE = 2.0


def get_scale():
    return SCALE  # read


def factor():
    return 1.0 * get_scale()


@jax.jit
def f(x):
    return x * factor()


def set_scale(v):
    global SCALE
    SCALE = v


print(float(f(X)))
set_scale(3.0)
print(float(f(X)))
