# source: https://github.com/jax-ml/jax/issues/1348
# framework: JAX
# "Use of global keyword": `f` increments a global `g` and returns it, giving 1, 2, 3 unjitted;
# with `@jit` every call returns 1. The assignment runs once, while tracing, and the compiled
# function replays the traced constant (jax 0.10: 1, 1, 1; eagerly 1, 2, 3).
# verify: [int(v) for v in c.values] == [1, 1, 1] and [int(v) for v in e.values] == [1, 2, 3]
from jax import jit

g = 0


@jit
def f():
    global g
    g = g + 1  # label: ACC4
    return g


values = [f(), f(), f()]
print(values)
