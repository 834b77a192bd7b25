# source: https://github.com/jax-ml/jax/issues/207
# framework: JAX
# label: none
# "jit compiled closures in fori loop": `test_get(a, b)` iterates `lambda x: x[a]` ten times with
# `lax.fori_loop`, the loop body closing over the traced index array `a`; in 2019 `jit(test_get)`
# failed with "TypeError: No constant handler for type: JaxprTracer" (the maintainers' advice was
# to thread closed-over values through the loop carry). The user's code is kept (`np` is
# `jax.numpy`), called on two index arrays of the same shape. Today a loop body may close over
# tracers of the enclosing jit: the function compiles once and matches the eager run.
# verify: close(c.results, e.results) and c.jax['test_get'] == 1
import jax.numpy as np
from jax import jit, lax


def iterate(f, init_row, steps):
    def body_fun(step, result):
        return f(result)
    return lax.fori_loop(0, steps, body_fun, init_row)


def test_get(a, b):
    return iterate(lambda x: x[a], b, 10)


test_get_jit = jit(test_get)
results = [
    test_get_jit(np.array([0, 1, 2, 3]), np.array([0, 1, 2, 3])),
    test_get_jit(np.array([1, 2, 3, 0]), np.array([5, 6, 7, 8])),
]
print(results)
