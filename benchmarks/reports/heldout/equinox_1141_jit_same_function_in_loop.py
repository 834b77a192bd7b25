# source: https://github.com/patrick-kidger/equinox/issues/1141
# framework: JAX
# `jax.jit(fun_name)` written inside the `for` loop. `fun_name` is one module-level function:
# jax.jit's cache is keyed on it, so every pass after the first finds the compiled program
# (one compile in ten passes). Fine, however odd it looks; the thread's answer ("it will
# recompile") does not hold for a named function.
# label: none
# verify: c.jax['fun_name'] == 1
import jax
import jax.numpy as jnp


def fun_name(a, b):
    return jnp.matmul(a, b)


a = jnp.ones((4, 4))
for _ in range(10):
    out = jax.jit(fun_name)(a, a)
