# source: https://github.com/pyro-ppl/numpyro/issues/1763
# framework: JAX
# "Correct control_flow.cond usage": porting a Pyro model to NumPyro, the user keeps
# `if feeling_lazy:` on a sampled Bernoulli value; NumPyro traces the model (its samplers jit
# it), so the Python `if` asks for the truth value of a traced array. NumPyro is not installed
# here: `numpyro.sample` is replaced by the `jax.random` draws it performs and the model is
# jitted as NUTS would; the rest is the user's model. The jitted model raises
# TracerBoolConversionError; the eager run (disable_jit) takes a branch.
# verify: c.raised and not e.raised
import jax
import jax.numpy as jnp


@jax.jit
def sleep_model(key):
    k1, k2, k3 = jax.random.split(key, 3)
    # Very likely to feel lazy
    feeling_lazy = jax.random.bernoulli(k1, 0.9)
    if feeling_lazy:  # label: ACC2
        # Only going to (possibly) ignore my alarm if I'm feeling lazy
        ignore_alarm = jax.random.bernoulli(k2, 0.8)
        # Will sleep more if I ignore my alarm
        amount_slept = 8 + 2 * ignore_alarm + jax.random.normal(k3)
    else:
        amount_slept = 6 + jax.random.normal(k3)
    return amount_slept


try:
    amount = sleep_model(jax.random.PRNGKey(0))
    raised = False
except jax.errors.TracerBoolConversionError:
    raised = True
print(raised)
