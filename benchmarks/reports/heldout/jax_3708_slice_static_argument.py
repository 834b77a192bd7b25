# source: https://github.com/jax-ml/jax/issues/3708
# framework: JAX
# A `slice` passed as a static argument: slices were unhashable, jit hashed them by identity, so
# `foo(a, slice(1, 2))` compiled again for every new, equal slice. Today's jit refuses it on
# Python 3.11 (`TypeError: unhashable type: 'slice'`; slices are hashable from 3.12). (Five
# calls; the error is caught to be checked.)
# verify: "unhashable" in c.error
import functools

import jax


@functools.partial(jax.jit, static_argnums=1)
def foo(arr, s):
    return arr[s]


a = jax.numpy.array([1, 2, 3])
error = None
try:
    for _ in range(5):
        foo(a, slice(1, 2))  # label: ACC5
except Exception as exc:
    error = f"{type(exc).__name__}: {exc}"
print(error)
