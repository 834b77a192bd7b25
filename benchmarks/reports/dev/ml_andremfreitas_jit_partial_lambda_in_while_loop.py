# source: https://github.com/andremfreitas/ml/blob/HEAD/jax/jit/caching.py
# framework: JAX
# Notes on jax.jit caching: "Avoid calling jax.jit inside loops ... it becomes problematic when
# equivalent functions are redefined." `g_inner_jitted_partial` wraps `partial(body)` and
# `g_inner_jitted_lambda` wraps a new lambda in `jax.jit` on every pass of the while loop, so
# every pass compiles again; `g_inner_jitted_normal` jits the same function each pass and hits
# the cache (its one compile is counted with the partial's ten under the same name). The
# author's code, timing cut to one call each with n=10.
# verify: c.jax['<lambda>'] >= 8 and c.jax['unjitted_loop_body'] >= 8
import jax
from functools import partial


def unjitted_loop_body(prev_i):
    return prev_i + 1


def g_inner_jitted_partial(x, n):
    i = 0
    while i < n:
        i = jax.jit(partial(unjitted_loop_body))(i)  # label: ACC5
    return x + i


def g_inner_jitted_lambda(x, n):
    i = 0
    while i < n:
        i = jax.jit(lambda x: unjitted_loop_body(x))(i)  # label: ACC5
    return x + i


def g_inner_jitted_normal(x, n):
    i = 0
    while i < n:
        i = jax.jit(unjitted_loop_body)(i)
    return x + i


results = [int(g(10, 10)) for g in (g_inner_jitted_partial, g_inner_jitted_lambda, g_inner_jitted_normal)]
print(results)
