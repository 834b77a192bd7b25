# source: https://github.com/jax-ml/jax/pull/17357
# framework: JAX
# "Change scan partial_eval to use partial_eval_jaxpr_dynamic": `jax.grad` of a function whose
# `lax.scan` body calls `jax.debug.print("X: {}", x)`; before the change nothing printed, after
# it the forward pass prints X: 0.0 .. X: 4.0. `jax.debug.print` is staged, so it runs with the
# values of every step (not once at trace time). Fine. The PR's example.
# label: none
# verify: c.out.count("X: ") == 5 and close(c.g, e.g)
import jax
from jax import lax


@jax.grad
def f(x):
    def body(x, _):
        jax.debug.print("X: {}", x)
        return x + 1, ()

    return lax.scan(body, x, xs=None, length=5)[0]


g = f(0.0)
jax.effects_barrier()
