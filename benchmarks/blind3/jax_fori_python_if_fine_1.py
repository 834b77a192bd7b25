# source: blind57:jax_fori_python_if_fine_1
# framework: JAX
# label: none
# The same line search chooses the step with `jnp.where`, which works on tracers inside the
# `fori_loop` body.
# verify: c.error is None and close(c.x_min, e.x_min)
import jax
import jax.numpy as jnp
from jax import lax


def backtrack(f, x, step, g):
    return jnp.where(f(x - step * g) > f(x), step / 2, step)


def make_optimizer(f, iters=5):
    def body(i, carry):
        x, step = carry
        g = jax.grad(f)(x)
        step = backtrack(f, x, step, g)
        return x - step * g, step

    @jax.jit
    def minimize(x0):
        return lax.fori_loop(0, iters, body, (x0, 1.0))[0]

    return minimize


def run():
    f = lambda x: jnp.sum((x - 2.0) ** 2)
    try:
        return make_optimizer(f)(jnp.zeros(2)), None
    except Exception as exc:
        return None, type(exc).__name__


x_min, error = run()
