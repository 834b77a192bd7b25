# source: https://github.com/jax-ml/jax/issues/883
# framework: JAX
# `v = np.array([1, 2, 3])` (a JAX array) passed in a `static_argnums` slot: in 2019 the second
# call failed while looking up the cache; today the first call raises ("Non-hashable static
# arguments are not supported"): an array is not hashable, so it cannot be part of the cache
# key. The error is caught to be checked.
# verify: c.error is not None and "hashable" in c.error and e.error is None
import jax.numpy as np
from functools import partial
from jax import jit


@partial(jit, static_argnums=(1,))
def f(x, v):
    return x


def main():
    x = np.ones((10, 10))
    v = np.array([1, 2, 3])
    firstCall = f(x, v)  # label: ACC5
    secondCall = f(x, v)
    return firstCall, secondCall


error = None
try:
    main()
except Exception as exc:  # noqa: BLE001 - the report's error, checked below
    error = f"{type(exc).__name__}: {exc}"
print(error)
