# source: https://mint.westdri.ca/ai/jx_jit
# framework: JAX
# A course page on JIT subtleties: `cond_func` branches with a Python `if` on its traced
# argument; under `jit` the comparison is a tracer and `bool()` of it raises
# TracerBoolConversionError. The error is caught to be checked.
# verify: "TracerBoolConversionError" in c.error and e.error is None
from jax import jit

error = None


@jit
def cond_func(x):
    if x < 0.0:  # label: ACC2
        return x ** 2.0
    else:
        return x ** 3.0


try:
    print(cond_func(1.0))
except Exception as exc:
    error = f"{type(exc).__name__}: {exc}"
print(error)
