# source: https://docs.jax.dev/en/latest/jit-compilation.html#caching-normal
# framework: JAX
# The JIT tutorial's `g_inner_jitted_normal`: `jax.jit(unjitted_loop_body)` in the loop wraps
# the same module-level function each time, so later passes hit the cache: two compiles in 20
# passes (the first `i` is a Python int, the next ones arrays). Fine, the tutorial's contrast to
# the partial and lambda versions.
# label: none
# verify: c.jax['unjitted_loop_body'] <= 2
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
