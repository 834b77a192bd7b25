# source: https://github.com/patrick-kidger/diffrax/issues/379
# framework: JAX
# "FLOPS count": to count the FLOPs of a diffrax solve the user jits the solve as in jax#10542
# (`jax.jit(f).lower(*args)`), passing `max_steps` as an argument; tracing fails in equinox's
# `checkpointed_while_loop` at `if max_steps == 1:` with TracerBoolConversionError ("this is
# probably because I'm passing in max steps as an argument and it's tripping up the tracer"). The
# user's model is not in the thread: reduced to a decay ODE solved by `diffeqsolve`, its
# `max_steps` taken from an argument of the jitted function (called, not lowered: the call traces
# the same way and has an eager twin). The eager run (a Python int under disable_jit) solves it.
# verify: c.raised and not e.raised
import jax
import jax.numpy as jnp
from diffrax import ODETerm, Tsit5, diffeqsolve


def solve(y0, max_steps):
    term = ODETerm(lambda t, y, args: -y)
    sol = diffeqsolve(term, Tsit5(), t0=0.0, t1=1.0, dt0=0.1, y0=y0,
                      max_steps=max_steps)  # label: ACC2
    return sol.ys


try:
    ys = jax.jit(solve)(jnp.array(1.0), 16)
    raised = False
except jax.errors.TracerBoolConversionError:
    raised = True
print(raised)
