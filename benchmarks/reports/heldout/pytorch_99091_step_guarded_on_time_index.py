# source: https://github.com/pytorch/pytorch/issues/99091
# framework: PyTorch
# A Kalman filter's `step(carry, t)` compiled with `dynamic=True` and called for t = 0, 1, 2, ...:
# the report saw a recompile for every `t` ("guard failure: L['t'] == 0", "== 1", ...) and a hang
# after 21 steps; with `t` fixed it compiled once. The filter is reduced to its predict/update
# with the emission of step `t`; the loop runs `num_timesteps` steps.
# On torch 2.13 `dynamic=True` makes `t` symbolic from the first call: one graph for all steps.
# Fine today.
# label: none
# verify: 1 <= c.torch['step'] <= 2 and close(c.filtered_means, e.filtered_means)
import torch

torch.manual_seed(0)
num_timesteps = 20
state_dim, emission_dim = 2, 1
F = torch.eye(state_dim)
Q = 0.1 * torch.eye(state_dim)
H = torch.ones(emission_dim, state_dim)
R = torch.eye(emission_dim)
emissions = torch.randn(num_timesteps, emission_dim)


def predict_pt(m, S, F, Q):
    mu_pred = F @ m
    Sigma_pred = F @ S @ F.T + Q
    return mu_pred, Sigma_pred


def condition_on_pt(m, P, H, R, y):
    S = R + H @ P @ H.T
    K = torch.linalg.solve(S, H @ P).T
    Sigma_cond = P - K @ S @ K.T
    mu_cond = m + K @ (y - H @ m)
    return mu_cond, Sigma_cond


@torch.compile(dynamic=True)
def step(carry, t):
    pred_mean, pred_cov = carry
    y = emissions[t]
    filtered_mean, filtered_cov = condition_on_pt(pred_mean, pred_cov, H, R, y)
    pred_mean, pred_cov = predict_pt(filtered_mean, filtered_cov, F, Q)
    return (pred_mean, pred_cov), filtered_mean


carry = (torch.zeros(state_dim), torch.eye(state_dim))
filtered_means = torch.zeros(num_timesteps, state_dim)
for t in range(num_timesteps):
    carry, filtered_means[t] = step(carry, t)
