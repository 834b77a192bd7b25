# source: https://github.com/netket/netket/issues/2043
# framework: JAX
# Written from the description (the code is netket's, linked, not in the thread):
# `Integrator._adaptive_step` is not jitted and holds four `jax.lax.cond`s whose branches are
# functions it defines on each call, so with `jax_log_compiles` every step compiles the conds
# again (and memory grows for ~900 steps). The fix jitted the flag helper and turned the conds
# into Python ifs. Two of the four conds kept; the step's arithmetic is a stand-in; the driver
# calls `_step_adaptive` for each of `n_steps` steps.
# verify: c.jax['cond'] >= 8
import jax
import jax.numpy as jnp


class Integrator:
    def __init__(self, dt, atol):
        self.dt = dt
        self.atol = atol

    def _adaptive_step(self, t, y):
        y_new = y + self.dt * jnp.sin(y)
        err = jnp.max(jnp.abs(y_new - y)) * self.dt

        def accept(_):  # label[a]
            return t + self.dt, y_new

        def reject(_):
            return t, y

        t_new, y_out = jax.lax.cond(err < self.atol, accept, reject, None)  # label[a]
        dt_new = jax.lax.cond(err < self.atol, lambda: self.dt * 1.1, lambda: self.dt * 0.5)  # label[a]
        return t_new, y_out, dt_new


integrator = Integrator(dt=0.01, atol=1e-2)
t, y = 0.0, jnp.ones(3)
n_steps = 10
for step in range(n_steps):
    t, y, dt = integrator._adaptive_step(t, y)  # label[a]: ACC5
