# source: https://github.com/jax-ml/jax/issues/6233
# framework: JAX
# `f_jit = jit(f, static_argnums=0)` over `jnp.arange(-x, x)`: a Python int works, a JAX array
# (`jnp.add(4, 1)`) raises "Non-hashable static arguments are not supported" - an array cannot
# be part of the cache key. Eagerly both work. The error is caught to be checked.
# verify: c.error is not None and "hashable" in c.error and e.error is None
import jax.numpy as jnp
from jax import jit


def f(x):
    return jnp.arange(-x, x)


f_jit = jit(f, static_argnums=0)

x_int = int(5)
arange = f(x_int)
arange_jit = f_jit(x_int)

x_device_array = jnp.add(4, 1)
arange = f(x_device_array)
error = None
try:
    arange_jit = f_jit(x_device_array)  # label: ACC5
except Exception as exc:  # noqa: BLE001 - the report's error, checked below
    error = f"{type(exc).__name__}: {exc}"
print(error)
