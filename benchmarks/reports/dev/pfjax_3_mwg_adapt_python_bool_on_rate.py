# source: https://github.com/mlysy/pfjax/issues/3
# framework: JAX
# "Not to use Boolean in mwg_adapt": "In `mwg_adapt`, we get an error that traced values cannot
# be used in Boolean functions (at line 207)"; the suggested fix computes
# `low_acc = jnp.sign(targ_acc - accept_rate)` and returns
# `jnp.exp(jnp.log(rw_sd) - delta * low_acc)`, "which essentially achieves the same but now does
# not involve a Boolean". The thread quotes the fix, not the old lines; reduced to the adaptation
# with the Python test on the traced acceptance rate that the issue describes, called from a
# jitted MCMC step: tracing it raises TracerBoolConversionError.
# verify: c.raised and not e.raised
import jax
import jax.numpy as jnp


def mwg_adapt(rw_sd, accept_rate, n_iter, adapt_max=.01, adapt_rate=.5):
    targ_acc = 0.44  # target acceptance rate
    delta = jnp.power(n_iter, -adapt_rate)
    delta = jnp.minimum(delta, adapt_max)
    if accept_rate < targ_acc:  # label: ACC2
        return jnp.exp(jnp.log(rw_sd) - delta)
    return jnp.exp(jnp.log(rw_sd) + delta)


@jax.jit
def mcmc_step(rw_sd, n_accept, n_iter):
    return mwg_adapt(rw_sd, n_accept / n_iter, n_iter)


try:
    rw_sd = mcmc_step(jnp.array(0.5), jnp.array(3.0), jnp.array(10.0))
    raised = False
except jax.errors.TracerBoolConversionError as error:
    raised = True
print(raised)
