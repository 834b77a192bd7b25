# source: https://theneuralbase.com/jax/learn/beginner/what-jit-compiles-xla-computation/
# framework: JAX
# "What JIT compiles: XLA computation": `slow_function` loops `for i in range(1000)` in Python,
# adding `jnp.sin(x) * 0.001`; jitted, the loop is unrolled once at tracing and the 100 timed
# calls reuse the compiled computation. The page's code, the loop cut to 100 iterations and the
# calls to 20. Fine: the loop bound is a constant, the argument an array of one shape.
# label: none
# verify: c.jax['slow_function'] == 1 and close(c.result, e.result)
import time

import jax
import jax.numpy as jnp


def slow_function(x):
    result = 0.0
    for i in range(100):
        result = result + jnp.sin(x) * 0.001
    return result


jit_function = jax.jit(slow_function)
x = jnp.array(3.14)
start = time.perf_counter()
for _ in range(20):
    result = jit_function(x)
jit_time = time.perf_counter() - start
print(float(result))
