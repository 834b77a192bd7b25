# source: https://github.com/jax-ml/jax/issues/9288
# `jax.jit(lambda ...)` inside a loop makes a new function on each pass: every pass traces and
# compiles again (the print in the body shows it: a print announcing the trace is its author's
# trace counter, reported only under --strictness pedantic, docs/rules/ACC401.md).
import jax


def unjitted_loop_body(prev_i):
    print("i am being jitted")
    return prev_i + 1


def g_inner_jitted_poorly(x, n):
    i = 0
    while i < n:
        i = jax.jit(lambda x: unjitted_loop_body(x))(i)  # expect: ACC501
    return x + i


g_inner_jitted_poorly(10, 3)
