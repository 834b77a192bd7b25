# source: blind57:jax_fori_python_if_1
# framework: JAX
# A line-search helper used inside a `lax.fori_loop` body halves the step with a Python `if`
# on the loss; inside the loop the loss is a tracer, so the `if` raises.
# verify: c.error is not None and e.error is None
import jax
import jax.numpy as jnp
from jax import lax


def backtrack(f, x, step, g):
    if f(x - step * g) > f(x):  # label: ACC2
        step = step / 2
    return step


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
