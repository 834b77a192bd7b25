# source: https://github.com/jax-ml/jax/issues/2251
# A jitted function defined inside the function a timing loop calls is a new function on each
# call: each call traces and compiles again (272 ms against 141 us per call in the report).
import functools

import jax
import jax.numpy as jnp
from jax import lax


def infect(state, step):
    return state * 1.01 + step, state


def pandemic_scan(state, step=1.0, T=5):
    @functools.partial(jax.jit, static_argnums=(1, 2))
    def _pandemic_scan(state, step, T):
        return lax.scan(infect, state, jnp.full(T, step))

    return _pandemic_scan(state, step, T)  # expect: ACC501


for _ in range(100):
    pandemic_scan(jnp.ones(3))
