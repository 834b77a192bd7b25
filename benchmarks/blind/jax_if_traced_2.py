# source: blind55:jax_if_traced_2
# framework: JAX
# Early stopping of an inner solver loop on a traced residual: `while err > tol` inside a jitted
# method raises while tracing.
# verify: c.error == 'TracerBoolConversionError' and e.error is None
import jax
import jax.numpy as jnp


class Solver:
    def __init__(self, tol):
        self.tol = tol

    def solve(self, a, b):
        x = jnp.zeros_like(b)
        err = jnp.inf
        while err > self.tol:  # label: ACC2
            x = x + 0.5 * (b - a * x)
            err = jnp.max(jnp.abs(b - a * x))
        return x


solver = Solver(1e-3)
error = None
try:
    x = jax.jit(solver.solve)(jnp.ones(3), jnp.ones(3))
except Exception as exc:
    error = type(exc).__name__
