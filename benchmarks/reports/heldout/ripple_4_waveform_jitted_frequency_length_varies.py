# source: https://github.com/tedwards2412/ripple/issues/4
# framework: JAX
# `IMRPhenomD.gen_IMRPhenomD_polar` is jitted inside the library, so every call with a frequency
# array of another length compiles again: "massive overhead when trying to deal with dynamic
# frequency input length such as heterodyne likelihood". The waveform is reduced to a few
# operations of the frequency grid; the likelihood evaluations, each with its own grid length,
# run `num_evaluations` times.
# Written from the report's description (the stored thread has no code).
# verify: c.jax['gen_IMRPhenomD_polar'] >= 8
import jax
import jax.numpy as jnp


def gen_IMRPhenomD_polar(f, theta):
    amp = theta[0] * f ** (-7.0 / 6.0)
    phase = theta[1] * f ** (-5.0 / 3.0)
    return amp * jnp.cos(phase), amp * jnp.sin(phase)


gen_IMRPhenomD_polar = jax.jit(gen_IMRPhenomD_polar)
theta = jnp.array([1.0, 0.5])
num_evaluations = 10
for i in range(num_evaluations):
    n_bins = 100 + 7 * i
    f = jnp.linspace(20.0, 1024.0, n_bins)
    hp, hc = gen_IMRPhenomD_polar(f, theta)  # label: ACC5
