# source: https://github.com/jax-ml/jax/issues/4473
# framework: JAX
# "Support for variable length in jitted scans?": `integrate_euler` is jitted with the vector
# field static and scans `length=np.divide(time, dt).astype(int)` steps; with `time` and `dt`
# traced the length is not concrete: "jax.core.ConcretizationTypeError ... (in `int`". Without
# `jit` the example works. The report's code (`jax.partial` is `functools.partial` today).
# verify: c.error is not None and e.error is None
from functools import partial

import jax.numpy as np
from jax import jit
from jax.lax import scan


@partial(jit, static_argnums=(0,))
def integrate_euler(f, initial_state, time, dt):
    propagated_state, _ = scan(
        f=lambda state, _: (euler_integration_step(f, state, dt), None),
        init=initial_state,
        length=np.divide(time, dt).astype(int),  # label: ACC3
        xs=None,
    )
    return propagated_state


def euler_integration_step(f, state, dt):
    return state + dt*f(state)


error = None
try:
    # Example: solve dx/dt = 9x/10, for t=1.0, starting with x0 = [1, 2], and using a timestep of 0.01.
    result = integrate_euler(
        lambda x: 0.9*x,
        initial_state=np.array([1., 2.]),
        time=1.0,
        dt=1e-2
    )
except Exception as exc:
    error = type(exc).__name__
print(error)
