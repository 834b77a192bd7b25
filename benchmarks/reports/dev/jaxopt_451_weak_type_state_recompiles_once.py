# source: https://github.com/google/jaxopt/issues/451
# framework: JAX
# A JAXopt solver's `init_state` returns a Python-float step size (weak type), `update` returns
# it as a float32 array, so the jitted `update` compiles twice: once for the initial state and
# once for every later one. One extra compile, then hits. Fine. The solver is reduced to a
# gradient step with a backtracking factor (jaxopt and sklearn not needed).
# label: none
# verify: c.jax['update'] == 2 and close(c.params, e.params)
from typing import NamedTuple

import jax
import jax.numpy as jnp


class State(NamedTuple):
    stepsize: jnp.ndarray
    value: jnp.ndarray


def fun(params, X, y):
    return jnp.mean((X @ params - y) ** 2)


def init_state(params, X, y):
    return State(stepsize=1.0, value=fun(params, X, y))


@jax.jit
def update(params, state, X, y):
    grad = jax.grad(fun)(params, X, y)
    stepsize = state.stepsize * jnp.float32(0.9)
    params = params - stepsize * 0.01 * grad
    return params, State(stepsize=stepsize, value=fun(params, X, y))


X = jnp.ones((100, 20))
y = jnp.arange(100.0)
params = jnp.zeros(20)
state = init_state(params, X, y)
for _ in range(10):
    params, state = update(params, state, X, y)
