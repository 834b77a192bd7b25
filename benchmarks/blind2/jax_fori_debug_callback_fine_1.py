# source: blind56:jax_fori_debug_callback_fine_1
# framework: JAX
# label: none
# The same integrator recording each state through `jax.debug.callback`: the callback is part
# of the compiled loop and runs on every step.
# verify: c.n_records == e.n_records == 5
import jax
import jax.numpy as jnp
import numpy as np


class Recorder:
    def __init__(self):
        self.states = []

    def record(self, state):
        jax.debug.callback(lambda s: self.states.append(np.asarray(s)), state)


def make_solver(dt, recorder):
    def body(i, y):
        y = y + dt * (-y)
        recorder.record(y)
        return y

    @jax.jit
    def solve(y0):
        return jax.lax.fori_loop(0, 5, body, y0)

    return solve


recorder = Recorder()
solve = make_solver(0.1, recorder)
y_final = solve(jnp.ones(2))
y_final.block_until_ready()
n_records = len(recorder.states)
