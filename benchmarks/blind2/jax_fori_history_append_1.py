# source: blind56:jax_fori_history_append_1
# framework: JAX
# An ODE integrator runs its steps in `lax.fori_loop` inside a jitted solve and records each
# state through a helper that appends to a Python list. The body is traced once: the list gets
# one (tracer) entry instead of one per step.
# verify: c.n_records != e.n_records
import jax
import jax.numpy as jnp


class Recorder:
    def __init__(self):
        self.states = []

    def record(self, state):
        self.states.append(state)  # label: ACC4


def make_solver(dt, recorder):
    def body(i, y):
        y = y + dt * (-y)
        recorder.record(y)
        return y

    @jax.jit
    def solve(y0, n_steps):
        return jax.lax.fori_loop(0, n_steps, body, y0)

    return solve


recorder = Recorder()
solve = make_solver(0.1, recorder)
y_final = solve(jnp.ones(2), 5)
n_records = len(recorder.states)
