# source: https://github.com/jax-ml/jax/issues/2783
# framework: JAX
# "float(x) does not work if x is a concrete tracer, but int(x) works": `api.grad(func)(3.)` with
# `func(x) = x if float(x) >= 0. else -x` raises "JAX Tracer object cannot be interpreted as a
# float"; the maintainers keep it so (float would be a silent stop_gradient). The differentiated
# argument is a tracer, and float() asks it for a host value. The reporter's code.
# verify: c.error is not None
import jax


def func(x):
    return x if float(x) >= 0.0 else -x  # label: ACC3


error = None
try:
    print(jax.grad(func)(3.0))
except Exception as exc:
    error = type(exc).__name__
print(error)
