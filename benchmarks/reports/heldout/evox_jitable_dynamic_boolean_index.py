# source: https://evox.readthedocs.io/en/v0.9.1-dev/_sources/guide/developer/2-jit-able.md
# framework: JAX
# EvoX developer guide, "A common pitfall in jit": `foo` is jit-compiled and calls `bar`, which
# is not marked with `jax.jit` but "is still compiled as `foo` calls `bar`. And since `bar` uses
# the dynamic index, which is not compatible with `jax.jit`, an error will occur." The guide's
# two functions, called once eagerly (works) and once through `foo` (NonConcreteBooleanIndexError).
# verify: c.raised and close(c.eager_result, e.eager_result)
import jax
import jax.numpy as jnp


@jax.jit
def foo(x):
    return bar(x)


def bar(x):
    return x[x > 0]  # dynamic index, not jit-able  # label: ACC3


x = jnp.array([-1.0, 2.0, 3.0])
eager_result = bar(x)
try:
    foo(x)
    raised = False
except jax.errors.NonConcreteBooleanIndexError:
    raised = True
print(eager_result, raised)
