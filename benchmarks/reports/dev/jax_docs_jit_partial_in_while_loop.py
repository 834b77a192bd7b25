# source: https://docs.jax.dev/en/latest/jit-compilation.html#caching
# framework: JAX
# The JIT tutorial's "Don't do this!": `jax.jit(partial(unjitted_loop_body))` inside the loop
# makes a new `partial` object, with a different hash, on every pass, so every pass traces and
# compiles again.
# verify: c.jax['unjitted_loop_body'] >= 8
from functools import partial

import jax


def unjitted_loop_body(prev_i):
    return prev_i + 1


def g_inner_jitted_partial(x, n):
    i = 0
    while i < n:
        # Don't do this! each time the partial returns
        # a function with different hash
        i = jax.jit(partial(unjitted_loop_body))(i)  # label: ACC5
    return x + i


g_inner_jitted_partial(10, 20)
