# source: https://github.com/jax-ml/jax/issues/2823
# framework: JAX
# "disable_jit extensions to control flow constructs break with vmap": under `jax.disable_jit()`,
# `lax.while_loop` and `lax.cond` were rewritten into Python control flow, which raised
# ConcretizationTypeError on vmap's batch tracers (jax 0.1.6x). Today the loop and the cond stay
# primitives under vmap and give the same results with jit disabled. Fine. The reporter's code,
# cond in the current signature.
# label: none
# verify: c.errors == [None, None] and close(c.outs, e.outs)
import jax
import jax.numpy as jnp
from jax import lax


def trivial_while(y):
    return lax.while_loop(lambda x: x < 10.0, lambda x: x + 1.0, y)


def trivial_cond(x):
    return lax.cond(x < 1.0, lambda x: x, lambda x: 2 * x, x)


errors = []
outs = []
for fn, arg in ((trivial_while, jnp.array([3.0, 4.0])), (trivial_cond, jnp.array([0.5, 2.0]))):
    try:
        with jax.disable_jit():
            outs.append(jax.vmap(fn)(arg))
        errors.append(None)
    except Exception as exc:
        errors.append(type(exc).__name__)
print(errors, outs)
