# source: https://github.com/paninski-lab/eks/pull/78
# framework: JAX
# eks's `run_kalman_smoother` ran the final smoother pass keypoint by keypoint: each pass of
# the loop made a new dynamics lambda (`lambda x, A=A_k: A @ x`) and a new emission lambda,
# packed them into dynamax's `ParamsNLGSSM` and called `extended_kalman_smoother`, whose
# `lax.scan` over time (run outside any `jit`) is traced and compiled again for every new
# function it closes over: one compile per keypoint, per call. The pull request ("improve
# multi-view performance") vmaps one `_smooth_one` over the keypoints instead; its sibling #80
# names the cause ("recreated ... functions on every iteration, each closing over different
# concrete JAX arrays ... forcing a fresh XLA compilation per keypoint"). The module holds the
# loop as it was before the fix (from the repository's history, commit f83656a^); dynamax's
# `extended_kalman_smoother` is reduced to the forward filter scan it runs (dynamax is not
# installed here), `ParamsNLGSSM` to a NamedTuple, the smoothing-parameter search to a given
# `smooth_param`. K keypoints (10 in the run) come from the data, not a literal.
# verify: c.jax['scan'] >= 10
from typing import Callable, NamedTuple

import jax.numpy as jnp
import numpy as np
from jax import lax


class ParamsNLGSSM(NamedTuple):
    initial_mean: jnp.ndarray
    initial_covariance: jnp.ndarray
    dynamics_function: Callable
    dynamics_covariance: jnp.ndarray
    emission_function: Callable
    emission_covariance: jnp.ndarray


def extended_kalman_smoother(params, emissions):
    def _step(carry, y):  # label[a]
        m, P = carry
        m_pred = params.dynamics_function(m)
        P_pred = P + params.dynamics_covariance
        y_pred = params.emission_function(m_pred)
        S = P_pred[:2, :2] + params.emission_covariance
        K = P_pred[:, :2] @ jnp.linalg.inv(S)
        m_new = m_pred + K @ (y - y_pred)
        P_new = P_pred - K @ P_pred[:2, :]
        return (m_new, P_new), (m_new, P_new)

    _, (means, covs) = lax.scan(  # label[a]: ACC5
        _step, (params.initial_mean, params.initial_covariance), emissions)
    return means, covs


def params_nlgssm_for_keypoint(m0, S0, Q, s, R, f_fn, h_fn) -> ParamsNLGSSM:
    return ParamsNLGSSM(
        initial_mean=jnp.asarray(m0),
        initial_covariance=jnp.asarray(S0),
        dynamics_function=f_fn,
        dynamics_covariance=jnp.asarray(s) * jnp.asarray(Q),
        emission_function=h_fn,
        emission_covariance=jnp.asarray(R),
    )


def run_kalman_smoother(ys, m0s, S0s, As, Cs, Qs, Rs, smooth_param, h_fn=None):
    K, T, obs_dim = ys.shape
    s_finals = np.full(K, smooth_param, dtype=float)

    # ---- Final smoother pass (full sequence) ----
    means_list, covs_list = [], []
    for k in range(K):
        s_final = float(s_finals[k])
        A_k, C_k = As[k], Cs[k]
        f_fn = (lambda x, A=A_k: A @ x)  # label[a]
        if h_fn is None:
            h_fn_k = (lambda x, C=C_k: C @ x)  # label[a]
        else:
            h_fn_k = h_fn
        params_k = params_nlgssm_for_keypoint(m0s[k], S0s[k], Qs[k], s_final, Rs[k], f_fn, h_fn_k,)
        m_k, V_k = extended_kalman_smoother(params_k, ys[k])  # label[a]
        means_list.append(np.array(m_k))
        covs_list.append(np.array(V_k))

    ms = np.stack(means_list, axis=0)
    Vs = np.stack(covs_list, axis=0)
    return s_finals, ms, Vs


K, T, D, obs = 10, 50, 2, 2
rng = np.random.default_rng(0)
ys = jnp.asarray(rng.normal(size=(K, T, obs)))
m0s = jnp.zeros((K, D))
S0s = jnp.tile(jnp.eye(D), (K, 1, 1))
As = jnp.tile(jnp.eye(D), (K, 1, 1))
Cs = jnp.tile(jnp.eye(obs, D), (K, 1, 1))
Qs = jnp.tile(jnp.eye(D), (K, 1, 1))
Rs = jnp.tile(0.1 * jnp.eye(obs), (K, 1, 1))
s_finals, ms, Vs = run_kalman_smoother(ys, m0s, S0s, As, Cs, Qs, Rs, smooth_param=1.0)
