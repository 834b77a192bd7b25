# source: https://docs.jax.dev/en/latest/faq.html#jit-changes-the-behavior-of-my-function
# framework: JAX
# The FAQ's example with `@jit` on: `impure_func` reads the global `y`, which the `for` loop at
# module level rebinds on every pass; the trace keeps the first value (results 0, 1, 2 instead
# of 0, 2, 4), and the print runs only while the trace is built.
# verify: not close(c.results, e.results)
# verify: c.out.count("Inside:") == 1 and e.out.count("Inside:") == 3
from jax import jit

y = 0
results = []


@jit
def impure_func(x):
    print("Inside:", y)  # label: ACC4 label[g]
    return x + y  # label[g]: ACC6


for y in range(3):  # label[g]
    results.append(impure_func(y))
    print("Result:", results[-1])
