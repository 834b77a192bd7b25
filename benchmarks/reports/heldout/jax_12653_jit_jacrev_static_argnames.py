# source: https://github.com/jax-ml/jax/pull/12653
# framework: JAX
# "jax.jacobian: propagate function signature to transformed function": `jax.jit(jax.jacrev(f),
# static_argnames=['b'])(1.0, False)` with `f(a, b) = a if b else 0.0` raised
# ConcretizationTypeError because jacrev hid f's signature from jit, so `b` was traced; with the
# fix the name is found, `b` is static, and it runs like the grad version. Fine. The PR's example.
# label: none
# verify: c.error is None and close(c.r, e.r)
import jax


def f(a, b):
    return a if b else 0.0


g = jax.jit(jax.grad(f), static_argnames=["b"])(1.0, False)
error = None
r = None
try:
    r = jax.jit(jax.jacrev(f), static_argnames=["b"])(1.0, False)
except Exception as exc:
    error = type(exc).__name__
print(error, g, r)
