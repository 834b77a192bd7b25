# source: https://github.com/jax-ml/jax/issues/196
# framework: JAX
# "How to print values inside a @jit-compiled function?": a Python `print` in a jitted function
# runs while the function is traced, once, and shows a tracer; later calls run the compiled
# code and print nothing (the answer explains tracing at the ShapedArray level). The question's
# function reduced to a print and an operation, called in a loop of `num_steps`.
# verify: c.out.count("Tracer") == 1 and e.out.count("Tracer") == 0 and len(e.out.splitlines()) == 3
from jax import jit
import jax.numpy as np


@jit
def f(x):
    print(x)  # label: ACC4
    return np.sin(x) * 2


num_steps = 3
x = np.ones(2)
for i in range(num_steps):
    x = f(x)
