# source: https://openillumi.com/en/en-jax-jit-static-argnums-array-fix
# framework: JAX
# A linear regression optimises its parameter `r` with a jitted mean-squared-error loss, and the
# user marks the training data `x` and `y` static ("since the training data x and y won't
# change during training, shouldn't they be fixed as static arguments"): the first call fails
# with "ValueError: Non-hashable static arguments are not supported ... Static argument (index
# 1) of type <class 'numpy.ndarray'> for function loss is non-hashable". A static argument is
# part of the cache key and must hash; a NumPy array cannot. Written from the page's
# description of the code (the page quotes the error and the fix, a plain `@jit`): the loss,
# its static arguments and the data are as described; the gradient-descent loop around it is
# the usual one, `num_steps` long.
# verify: "Non-hashable static arguments" in c.error and e.error is None
from functools import partial

import jax.numpy as jnp
import numpy as np
from jax import grad, jit


@partial(jit, static_argnums=(1, 2))
def loss(r, x, y):
    return jnp.mean((x * r - y) ** 2)


x = np.linspace(0, 1, 100)
y = 3.0 * x + np.random.default_rng(0).normal(0, 0.1, 100)
r = 0.0
learning_rate = 0.5
num_steps = 10
error = None
try:
    for step in range(num_steps):
        r = r - learning_rate * grad(loss)(r, x, y)  # label: ACC5
except Exception as exc:  # noqa: BLE001 - the report's error, checked below
    error = f"{type(exc).__name__}: {exc}"
print(error)
