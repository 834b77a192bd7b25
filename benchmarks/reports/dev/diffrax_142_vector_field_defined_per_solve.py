# source: https://github.com/patrick-kidger/diffrax/issues/142
# framework: JAX
# The example: `solve_ode` defines `vector_field` on each call and hands it to
# `diffeqsolve` (filter-jitted inside diffrax), so every call is a new static function, compiles
# again, and memory grows while the script benchmarks many models; defining `vector_field` at
# module level avoids it. The psutil/cache-clearing helper is removed; the loop runs
# `n_models` times (its count is cut off in the stored thread).
# verify: c.jax['diffeqsolve'] >= 8
import jax.numpy as jnp
import diffrax as dfx


def solve_ode():
    def vector_field(t, x, _): return -0.1*x  # label[a]
    t = jnp.arange(4800)
    sol = dfx.diffeqsolve(  # label[a]
        terms=dfx.ODETerm(vector_field),
        solver=dfx.Dopri5(),
        t0=t[0], t1=t[-1], dt0=t[1], y0=1., max_steps=len(t))
    return sol.ys


n_models = 10
for i in range(n_models):
    ys = solve_ode()  # label[a]: ACC5
