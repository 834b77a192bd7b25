# source: https://github.com/jax-ml/jax/issues/5017
# framework: JAX
# "Help understanding jit tracing in small example": a fixed-step ODE solver computes
# `steps = jnp.array(delta_t // max_dt).astype(int)` and scans over `jnp.arange(steps)`. Eagerly
# it works; jitting `sim_function` raises `ConcretizationTypeError`, because `steps` depends on
# `t_span`, which is traced there, and `jnp.arange` needs a concrete size. The reporter's code,
# the jitted call caught.
# verify: c.jit_error is not None and e.jit_error is None
import jax
import jax.numpy as jnp
from jax.lax import scan


def jaxfixedsolve(rhs, t_span, y0, max_dt):
    delta_t = t_span[1] - t_span[0]
    steps = jnp.array(delta_t // max_dt).astype(int)
    h = delta_t / steps

    def scan_func(carry, step):
        eval_time = t_span[0] + (h * step)
        return (carry + rhs(eval_time, carry) * h, None)

    yf = scan(scan_func, y0, jnp.arange(steps))[0]  # label: ACC3
    return yf


def sim_function(coeff, t_span):
    def rhs(t, y):
        return coeff * y

    return jaxfixedsolve(rhs, t_span=t_span, y0=jnp.array(1.0, dtype=float), max_dt=0.1)


eager_value = float(sim_function(2.0, jnp.array([0.0, 0.5])))
jit_error = None
try:
    jax.jit(sim_function)(2.0, jnp.array([0.0, 0.5]))
except Exception as err:  # ConcretizationTypeError under jit
    jit_error = type(err).__name__
print(eager_value, jit_error)
