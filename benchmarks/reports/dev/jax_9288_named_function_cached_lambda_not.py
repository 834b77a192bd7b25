# source: https://github.com/jax-ml/jax/issues/9288
# framework: JAX
# The JIT tutorial's "bad" loop, `jax.jit(unjitted_loop_body)(i)` in a `while`, does not compile
# on every pass: jit's cache is keyed on the function object, the same on every pass (a run
# compiles it twice, for the Python int 0 and then for the array it returns). Wrapping a new
# `lambda` on every pass, as the user then tried, compiles on every pass.
# verify: c.jax['unjitted_loop_body'] <= 2 and c.jax['<lambda>'] >= 3
import jax


def unjitted_loop_body(prev_i):
    print("i am being jitted")
    return prev_i + 1


def g_inner_jitted_poorly(x, n):
    i = 0
    while i < n:
        i = jax.jit(unjitted_loop_body)(i)
    return x + i


def g_inner_jitted_lambda(x, n):
    i = 0
    while i < n:
        i = jax.jit(lambda x: unjitted_loop_body(x))(i)  # label: ACC5
    return x + i


g_inner_jitted_poorly(10, 3)
g_inner_jitted_lambda(10, 3)
