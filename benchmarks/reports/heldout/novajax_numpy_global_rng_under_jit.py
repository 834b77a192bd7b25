# source: https://github.com/Vodolay/NovaJax
# framework: JAX
# NovaJax's random-numbers notebook: "JAX cannot use a global PRNG state!" - `np.random.seed(0);
# def foo(): return np.random.uniform(); def bar(): return np.random.uniform(); def fooba():
# return 3*foo() + 2*bar()`. NumPy's global generator runs in Python: inside `jax.jit` the draws
# happen once, while tracing, and the compiled `fooba` returns the same number on every call,
# where the Python function draws anew each time.
# verify: c.distinct == 1 and e.distinct == 4
import jax
import numpy as np

np.random.seed(0)


def foo():
    return np.random.uniform()  # label: ACC1


def bar():
    return np.random.uniform()  # label: ACC1


@jax.jit
def fooba():
    return 3 * foo() + 2 * bar()


values = [float(fooba()) for _ in range(4)]
distinct = len(set(values))
print(values)
