# source: https://taourl.com/read-2425218.html
# framework: JAX
# The answer's first example: `print` inside a function that is also jitted prints on every
# plain call but only once for the jitted one (while tracing); the second jitted call reuses
# the trace and prints nothing. (The `**` of the page's `x 2`, lost in its formatting, is
# restored.)
# verify: c.out.count("Non-JIT print") == 3 and e.out.count("Non-JIT print") == 4
import jax


def non_jit_func(x):
    print("Non-JIT print:", x)  # label: ACC4
    return x**2


jit_func = jax.jit(non_jit_func)

print("Non-JIT output:", non_jit_func(5))
print("Non-JIT output:", non_jit_func(5))

print("JIT output:", jit_func(5))
print("JIT output:", jit_func(5))
