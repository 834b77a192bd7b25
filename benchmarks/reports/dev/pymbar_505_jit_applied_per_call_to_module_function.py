# source: https://github.com/choderalab/pymbar/pull/505
# framework: JAX
# label: none
# pymbar must switch JAX to 64-bit before its solvers trace, but only when they are first
# used: the pull request moves the `jit` of every solver kernel into the call
# (`staggered_jit` runs `jit_or_passthrough(jitable_fn)` on every call), noting "This
# *shouldn't* break JAX's cache since the function object in question never changes". It does
# not: the adaptive solver's loop calls `jax_core_adaptive` on every iteration through a fresh
# `jax.jit` wrapper, but the wrapped function is the same module-level function, and JAX keys
# its cache on that function, so the kernel is traced and compiled once. A fine look-alike of
# a jit rebuilt in a loop. The module holds pymbar's `mbar_solvers.py` as merged (commit
# 14a16b6), reduced: the Newton-Raphson step uses the gradient in place of the Hessian solve,
# the logging is dropped, `maxiter` iterations run (tolerance 0). The run traces the kernel
# once and compiles it twice (the first call's NumPy `f_k`, then JAX arrays), for 10 calls.
# verify: c.jax['jax_core_adaptive'] <= 2 and c.iteration >= 9
import logging

import numpy as np
from jax import config
from jax import jit as jit_or_passthrough
from jax.numpy import dot, exp
from jax.scipy.special import logsumexp

logger = logging.getLogger(__name__)
use_jit = True


def jit_or_pass_after_bitsize(jitable_fn):
    def staggered_jit(*args, **kwargs):
        # This will only trigger if JAX is set
        if use_jit and not config.x64_enabled:
            logger.warning("JAX 64-bit mode is now on!")
            config.update("jax_enable_x64", True)
        jited_fn = jit_or_passthrough(jitable_fn)
        return jited_fn(*args, **kwargs)

    return staggered_jit


def mbar_gradient(u_kn, N_k, f_k):
    log_denominator_n = logsumexp(f_k - u_kn.T, b=N_k, axis=1)
    log_numerator_k = logsumexp(-log_denominator_n - u_kn, axis=1)
    return -1 * N_k * (1.0 - exp(f_k + log_numerator_k))


def self_consistent_update(u_kn, N_k, f_k):
    log_denominator_n = logsumexp(f_k - u_kn.T, b=N_k, axis=1)
    return -1.0 * logsumexp(-log_denominator_n - u_kn, axis=1)


@jit_or_pass_after_bitsize
def jax_core_adaptive(u_kn, N_k, f_k, gamma):
    g = mbar_gradient(u_kn, N_k, f_k)  # Objective function gradient
    f_nr = f_k - gamma * g / N_k.sum()
    # self-consistent iteration gradient norm and saved log sums.
    f_sci = self_consistent_update(u_kn, N_k, f_k)
    f_sci = f_sci - f_sci[0]  # zero out the minimum
    g_sci = mbar_gradient(u_kn, N_k, f_sci)
    gnorm_sci = dot(g_sci, g_sci)
    # newton raphson gradient norm and saved log sums.
    g_nr = mbar_gradient(u_kn, N_k, f_nr)
    gnorm_nr = dot(g_nr, g_nr)
    return f_sci, g_sci, gnorm_sci, f_nr, g_nr, gnorm_nr


def adaptive(u_kn, N_k, f_k, tol=1.0e-8, options=None):
    options.setdefault("maxiter", 10000)
    options.setdefault("gamma", 1.0)
    options.setdefault("min_sc_iter", 2)
    maxiter = options["maxiter"]
    min_sc_iter = options["min_sc_iter"]
    sci_iter = 0
    for iteration in range(0, maxiter):
        (f_sci, g_sci, gnorm_sci, f_nr, g_nr, gnorm_nr) = jax_core_adaptive(
            u_kn, N_k, f_k, options["gamma"]
        )
        f_old = f_k
        if gnorm_sci < gnorm_nr or sci_iter < min_sc_iter:
            f_k = f_sci
            sci_iter += 1
        else:
            f_k = f_nr
        div = np.abs(f_k[1:])
        zeroed = np.abs(f_k[1:]) < np.min([10**-8, tol])
        div = np.where(zeroed, 1.0, div)
        max_delta = np.max(np.abs(f_k[1:] - f_old[1:]) / div)
        if np.isnan(max_delta) or max_delta < tol:
            break
    return f_k, iteration


rng = np.random.default_rng(0)
N_k = np.array([50.0, 50.0, 50.0])
u_kn = rng.normal(size=(3, 150)) + np.arange(3)[:, None]
f_k, iteration = adaptive(u_kn, N_k, np.zeros(3), tol=0.0, options=dict(maxiter=10))
