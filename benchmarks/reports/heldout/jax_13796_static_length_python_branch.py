# source: https://github.com/jax-ml/jax/issues/13796
# framework: JAX
# label: none
# "`cond` does not shortcut in recursions": a recursive function written with
# `jax.lax.cond(len(x) > 1, return_z, ...)` traces both branches and fails at length 0; the
# answer: "you're branching based on static values so you can use normal Python conditionals
# instead: `return return_z(x) if len(x) > 1 else 0`". The answer's version, jitted: the test
# is on a static length, so each length is its own trace and the result matches eager.
# verify: close(c.result, e.result)
import jax
import jax.numpy as jnp


def return_z(x):
    x = x.at[0].set(0)
    x = x.at[1:].set(rec(x[1:]))
    return x


@jax.jit
def rec(x):
    return return_z(x) if len(x) > 1 else 0


result = rec(jnp.arange(30))
print(result)
