# source: https://docs.jax.dev/en/latest/jit-compilation.html#caching-normal
# framework: JAX
# The JIT tutorial's `g_inner_jitted_normal`: `jax.jit(unjitted_loop_body)` in the loop wraps
# the same module-level function each time, so every pass after the first hits the cache (one
# compile). Fine, the tutorial's contrast to the partial and lambda versions.
# label: none
# verify: c.jax['unjitted_loop_body'] == 1
import jax


def unjitted_loop_body(prev_i):
    return prev_i + 1


def g_inner_jitted_normal(x, n):
    i = 0
    while i < n:
        # this is OK, since JAX can find the
        # cached, compiled function
        i = jax.jit(unjitted_loop_body)(i)
    return x + i


g_inner_jitted_normal(10, 20)
