# source: https://github.com/QuantEcon/lecture-jax/issues/243
# framework: JAX
# "[JAX] Remove `@jax.jit` on intermediate functions": a lecture's helper functions are jitted
# and only called from other jitted functions; the issue asks to keep `@jax.jit` on the
# top-level function only, for fusion and compile time. Either way the results are the same and
# the top level compiles once for repeated calls: a style and speed question, not a stale trace.
# Reduced: a Bellman-operator-like top level calling two jitted helpers, iterated ten times.
# label: none
# verify: c.jax['T'] == 1 and close(c.v, e.v)
import jax
import jax.numpy as jnp


@jax.jit
def utility(c):
    return jnp.log(c)


@jax.jit
def continuation(v, beta):
    return beta * v


@jax.jit
def T(v, w, beta):
    return jnp.max(utility(w[:, None] - w[None, :] + 1.0) + continuation(v[None, :], beta), axis=1)


w = jnp.linspace(1.0, 2.0, 5)
v = jnp.zeros(5)
for _ in range(10):
    v = T(v, w, 0.9)
print(v)
