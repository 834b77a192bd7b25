# source: https://github.com/patrick-kidger/diffrax/issues/466
# framework: JAX
# The user's four calls of `run_diffrax` as written in the thread: the first pair is slow then
# fast, and so (they report) is the second pair after changing atol/rtol, because the filter_jit'd
# function takes the tolerances as static Python floats; lockwo: expected. The calls are written
# out one by one (a bounded set, a fine look-alike); the thread's code passes 1e-5 in all four
# calls although its comments say 1e-4 for the second pair, kept as written. `run_diffrax`'s
# body (an MLP vector field integrated over `t_span` with `steps` saved points) is written from
# the thread's description; the method object is made anew in each call, as in the thread.
# label: none
# verify: c.jax['run_diffrax'] <= 2 and close(c.y4, e.y4)
import diffrax
import equinox as eqx
import jax
import jax.numpy as jnp


@eqx.filter_jit
def run_diffrax(hidden_dims, input_x, t_span, steps, solver_config):
    key = jax.random.key(0)
    mlp = eqx.nn.MLP(input_x.shape[-1], input_x.shape[-1], hidden_dims, 2, key=key)
    term = diffrax.ODETerm(lambda t, y, args: mlp(y))
    sol = diffrax.diffeqsolve(
        term,
        solver_config["method"],
        t0=t_span[0],
        t1=t_span[1],
        dt0=None,
        y0=input_x,
        stepsize_controller=diffrax.PIDController(rtol=solver_config["rtol"], atol=solver_config["atol"]),
        saveat=diffrax.SaveAt(ts=jnp.linspace(t_span[0], t_span[1], steps)),
    )
    return sol.ys


hidden_dims = 16
input_x = jnp.ones(4)

# first time of atol=rtol=1e-5, takes ~2secs
y1 = run_diffrax(hidden_dims, input_x, [0.0, 1.0], 100, {
    'method': diffrax.Dopri5(),
    'atol': 1e-5,
    'rtol': 1e-5}).block_until_ready()

# second time of atol=rtol=1e-5, takes ~0.008secs
y2 = run_diffrax(hidden_dims, input_x, [0.0, 1.0], 100, {
    'method': diffrax.Dopri5(),
    'atol': 1e-5,
    'rtol': 1e-5}).block_until_ready()

# first time of atol=rtol=1e-4, takes ~2secs
y3 = run_diffrax(hidden_dims, input_x, [0.0, 1.0], 100, {
    'method': diffrax.Dopri5(),
    'atol': 1e-5,
    'rtol': 1e-5}).block_until_ready()

# second time of atol=rtol=1e-4, takes ~0.008secs
y4 = run_diffrax(hidden_dims, input_x, [0.0, 1.0], 100, {
    'method': diffrax.Dopri5(),
    'atol': 1e-5,
    'rtol': 1e-5}).block_until_ready()
