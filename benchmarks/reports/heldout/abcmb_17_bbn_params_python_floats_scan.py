# source: https://github.com/TonyZhou729/ABCMB/issues/17
# framework: JAX
# label: none
# "Scanning BBN parameters causes recompilation": `tau_n_fac`, `nuclear_rates_q` and
# `Delta_Neff_init` stay Python floats in ABCMB's `params` dict (only LINX converts them), and
# the issue suspects they trigger recompilation in a scan. Python floats in a pytree passed to
# `jax.jit` are traced as weakly typed scalars, keyed by type, not value: a scan over 8 values
# compiles once, and the same leaf later passed as `jnp.asarray(...)` of a Python float keeps
# the weak type (JAX 0.10), so it hits the same entry. Reduced to a jitted background model fed
# a params dict: 1 compile for 10 evaluations; results equal eager.
# verify: c.jax['model'] == 1 and close(c.results, e.results)
import jax
import jax.numpy as jnp


@jax.jit
def model(params):
    h = params["h"]
    return h * (1.0 + 0.01 * params["tau_n_fac"]) + params["Delta_Neff_init"] * params["nuclear_rates_q"]


params = {"h": jnp.asarray(0.67), "tau_n_fac": 1.0, "nuclear_rates_q": 0.0, "Delta_Neff_init": 0.0}
results = []
for tau_n_fac in [0.9, 0.95, 1.0, 1.05, 1.1, 1.15, 1.2, 1.25]:
    params["tau_n_fac"] = tau_n_fac
    results.append(float(model(params)))
for tau_n_fac in [0.9, 1.1]:
    params["tau_n_fac"] = jnp.asarray(tau_n_fac)  # the same leaf as an array (still weakly typed)
    results.append(float(model(params)))
print(results)
