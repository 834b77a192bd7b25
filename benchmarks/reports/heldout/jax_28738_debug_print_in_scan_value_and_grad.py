# source: https://github.com/jax-ml/jax/issues/28738
# framework: JAX
# "`debug.print` inside `scan` gets lost during AD": `jax.value_and_grad(g)` with
# `g(x) = lax.scan(f, x, length=2)[0]` and `f` calling `jax.debug.print("c = {c}", c=c,
# ordered=True)`; the reporter's jaxpr showed the print dropped from the forward pass. The print
# is the staged API (not a Python side effect of the trace). Reduced: the report's functions,
# run rather than shown as a jaxpr; the run decides whether the print survives.
# label: none
# verify: close(c.vg, e.vg)
import jax


def f(c, _):
    jax.debug.print("c = {c}", c=c, ordered=True)
    return c + 1, None


def g(x):
    return jax.lax.scan(f, x, length=2)[0]


vg = jax.jit(jax.value_and_grad(g))(1.0)
jax.effects_barrier()
