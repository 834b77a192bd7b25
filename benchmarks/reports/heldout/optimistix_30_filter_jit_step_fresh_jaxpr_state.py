# source: https://github.com/patrick-kidger/optimistix/pull/30
# framework: JAX
# "Now using the same jaxpr in the state": manually stepping a Gauss-Newton solver with
# `@eqx.filter_jit def make_step(...): ... = solver.step(...)` in a Python loop recompiled on every
# step: each step rebuilt `f_info` with `jax.make_jaxpr`, so the state it returned held a new
# jaxpr, and "jaxprs have `__eq__` defined according to identity", so the static part of the next
# call's arguments never matched. Reduced without optimistix: the step stores a jaxpr made inside
# it in the static part of the state it returns, and the loop feeds the state back.
# verify: c.jax["make_step"] >= 5
from typing import Any

import equinox as eqx
import jax
import jax.numpy as jnp


def fn(y):
    return jnp.sum(y**2)


class State(eqx.Module):
    y: jax.Array
    jac: Any = eqx.field(static=True)


@eqx.filter_jit
def make_step(y, state):
    jac = jax.make_jaxpr(jax.grad(fn))(y)
    y = y - 0.1 * jax.grad(fn)(y)
    return y, State(y, jac)


y = jnp.ones(3)
state = State(y, None)
for _ in range(6):
    y, state = make_step(y, state)  # label: ACC5
