# source: https://github.com/jax-ml/jax/issues/2251
# framework: JAX
# The "local version": `_pandemic_scan` is decorated with `partial(jit, static_argnums=...)`
# inside `pandemic_scan`, so every call makes a new jitted function with an empty cache and
# compiles again (272 ms a call against 141 us for the module-level version, under %timeit).
# The %timeit loop is a Python loop here; `infect` and the state are reduced to a sum.
# verify: c.jax['_pandemic_scan'] >= 8
import functools
from collections import namedtuple

import jax.numpy as np
from jax import jit, lax

InfectState = namedtuple("InfectState", ["x", "a"])
x0, a = np.ones(3), 0.5


def infect(state, step):
    new = InfectState(state.x + step * state.a, state.a)
    return new, new.x.sum()


def pandemic_scan(state, step=1, t=0, T=5):
    @functools.partial(jit, static_argnums=(1, 2, 3))
    def _pandemic_scan(state, step, t, T):
        return lax.scan(infect, InfectState(x0, a), np.full(T, step))

    return _pandemic_scan(state, step, t, T)


for _ in range(10):
    pandemic_scan(InfectState(x0, a), T=5)  # label: ACC5
