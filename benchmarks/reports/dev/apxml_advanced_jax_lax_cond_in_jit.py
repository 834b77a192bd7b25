# source: https://www.apxml.com/courses/advanced-jax/chapter-1-advanced-jax-transformations-control-flow/conditional-execution-lax-cond
# framework: JAX
# label: none
# An advanced-JAX course page on conditional execution: a Python `if` on a traced value cannot
# be jitted, so the page rewrites the branch with `jax.lax.cond(pred, true_fun, false_fun,
# operand)`, where both branches are traced and the predicate is chosen at run time. Reduced to
# the page's kind of example, a piecewise function jitted and evaluated on both sides of the
# threshold: one compile, both branches taken correctly, equal to eager.
# verify: c.jax['piecewise'] == 1 and close(c.results, e.results)
import jax
import jax.numpy as jnp


@jax.jit
def piecewise(x, threshold):
    return jax.lax.cond(
        x > threshold,
        lambda v: v * 2.0,
        lambda v: v - 1.0,
        x,
    )


results = [float(piecewise(jnp.float32(v), 3.0)) for v in [1.0, 2.0, 4.0, 5.0]]
print(results)
