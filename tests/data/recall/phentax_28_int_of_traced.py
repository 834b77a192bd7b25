# source: https://github.com/asantini29/phentax/pull/28
# `int(jnp.ceil(T / delta_t))` and `assert jnp.all(...)` on traced values raise under jit.
import jax
import jax.numpy as jnp


@jax.jit
def n_steps(T, delta_t):
    return int(jnp.ceil(T / delta_t))  # expect: ACC302


@jax.jit
def check_spins(chi1, chi2):
    assert jnp.all(jnp.abs(chi1) <= 1.0) and jnp.all(jnp.abs(chi2) <= 1.0)  # expect: ACC204
    return chi1 + chi2
