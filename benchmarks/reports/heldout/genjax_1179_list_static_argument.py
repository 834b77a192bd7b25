# source: https://github.com/genjax-community/genjax/issues/1179
# framework: JAX
# The reporter's plain-JAX version of the GenJAX failure: `jax.jit(foo, static_argnums=(0,))`
# called with a list raises "Non-hashable static arguments are not supported"; eagerly
# `foo([2])` returns 3. The error is caught to be checked.
# verify: c.error is not None and "hashable" in c.error and e.error is None
import jax


def foo(x):
    return x[0] + 1


jfoo = jax.jit(foo, static_argnums=(0,))

error = None
try:
    jfoo([2])  # label: ACC5
except Exception as exc:  # noqa: BLE001 - the report's error, checked below
    error = f"{type(exc).__name__}: {exc}"
print(error)
