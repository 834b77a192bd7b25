# source: https://github.com/f0uriest/interpax/pull/99
# framework: JAX
# interpax's `approx_df` closed over its static arguments with a function defined on every call
# and jitted it there ("close over static args to deal with non-jittable kwargs"): each call
# makes a new function, so each call traces and compiles it again. The pull request "avoids
# jitting a locally defined function which was causing excessive recompilation (resolves #94)"
# by jitting module-level functions instead (commit c7c5d94). The module holds the library's
# code as it was before the fix (from the repository's history), reduced to the 'cubic'
# method; `Interpolator1D` is a plain class here (an `eqx.Module` in the library) and is built
# once per time step of a caller's loop over new function values, as a simulation
# interpolating its state each step would.
# verify: c.jax['fun'] >= 8
import jax
import jax.numpy as jnp
from jax import jit


def approx_df(x, f, method="cubic", axis=-1, **kwargs):
    # close over static args to deal with non-jittable kwargs
    def fun(x, f):  # label[a]
        return _approx_df(x, f, method, axis, **kwargs)

    return jit(fun)(x, f)  # label[a]: ACC5


def _approx_df(x, f, method, axis, c=0, bc_type="not-a-knot"):
    if method == "cubic":
        out = _cubic1(x, f, axis)
    elif method in ("nearest", "linear"):
        out = jnp.zeros_like(f)
    else:
        raise ValueError(f"got unknown method {method}")
    return out


def _cubic1(x, f, axis):
    dx = jnp.diff(x)
    df = jnp.diff(f, axis=axis)
    dxi = jnp.where(dx == 0, 0, 1 / dx)
    df = dxi * df
    fx = jnp.concatenate(
        [
            jnp.take(df, jnp.array([0]), axis, mode="wrap"),
            1
            / 2
            * (
                jnp.take(df, jnp.arange(0, df.shape[axis] - 1), axis, mode="wrap")
                + jnp.take(df, jnp.arange(1, df.shape[axis]), axis, mode="wrap")
            ),
            jnp.take(df, jnp.array([-1]), axis, mode="wrap"),
        ],
        axis=axis,
    )
    return fx


class Interpolator1D:
    def __init__(self, x, f, method="cubic", **kwargs):
        axis = kwargs.get("axis", 0)
        self.x = x
        self.f = f
        self.method = method
        fx = approx_df(x, f, method, axis, **kwargs)  # label[a]
        self.derivs = {"fx": fx}


x = jnp.linspace(0, 1, 32)
num_steps = 10
for step in range(num_steps):
    f = jnp.sin(2 * jnp.pi * (x + 0.01 * step))
    interp = Interpolator1D(x, f, method="cubic")  # label[a]
