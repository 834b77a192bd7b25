# source: https://github.com/jax-ml/jax/issues/1348
# A jitted function that increments a global returns 1 on every call: the write runs only
# while the trace is built.
from jax import jit

g = 0


@jit
def f():
    global g
    g = g + 1  # expect: ACC405
    return g


f()
f()
