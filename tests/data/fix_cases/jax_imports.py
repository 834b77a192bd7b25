"""Fix cases: a module that imports neither `jax` nor `jax.numpy` by those names, so the fixes
add `import jax.numpy as jnp` (the select) and `import jax` (`jax.debug.print`)."""

from jax import jit

from acclint.crosscheck.recipes import Call, arr


@jit
def clipped(x):
    if x.sum() > 0:  # expect: ACC201
        return x
    return -x


@jit
def announced(x):
    print("value {x} is", x)  # expect: ACC401
    return x + 1.0


CALLS = {
    "clipped": Call("clipped", arr(3)),
    "announced": Call("announced", arr(3)),
}
