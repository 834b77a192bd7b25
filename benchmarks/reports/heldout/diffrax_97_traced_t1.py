# source: https://github.com/patrick-kidger/diffrax/issues/97
# framework: JAX
# label: none
# "`t1` is not considered static?": the user jits `ivp(t1, y0)`, which calls `diffeqsolve` with an
# adaptive Dopri5 solve from 0 to the traced `t1`, and is surprised that `t1` need not be static;
# the maintainer: "`t1` can indeed be traced just fine". Kept as the user's function (the unused
# einops import left out), called for three end times: one trace, the same values as eager.
# verify: c.jax['ivp'] == 1 and close(c.ys, e.ys)
import jax
import jax.numpy as jnp
from diffrax import diffeqsolve, ODETerm, Dopri5, SaveAt, PIDController


def f(t, y, args):
    return -y


term = ODETerm(f)
solver = Dopri5()
stepsize_controller = PIDController(rtol=1e-5, atol=1e-5)


@jax.jit
def ivp(t1, y0):
    return diffeqsolve(term, solver, t0=0, t1=t1, dt0=0.1, y0=y0, saveat=SaveAt(t1=True), stepsize_controller=stepsize_controller).ys


ys = [ivp(jnp.asarray(t1), jnp.ones(2)) for t1 in (0.5, 1.0, 2.0)]
print(ys)
