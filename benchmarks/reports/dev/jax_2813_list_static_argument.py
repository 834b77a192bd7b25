# source: https://github.com/jax-ml/jax/issues/2813
# framework: JAX
# A list passed as a static argument: lists are unhashable, and jit once hashed them by identity,
# so `f(1, [2, 3])` retraced on every call ("recompiling" each time). As the issue asked, jit
# now refuses it (`TypeError: unhashable type: 'list'`). (Five calls; the error is caught to be
# checked.)
# verify: "unhashable" in c.error
import jax


def g(x, y):
    print("recompiling")
    return x + y[0]


f = jax.jit(g, static_argnums=(1,))
error = None
try:
    for _ in range(5):
        f(1, [2, 3])  # label: ACC5
except Exception as exc:
    error = f"{type(exc).__name__}: {exc}"
print(error)
