# source: blind55:torch_range_bound_1
# framework: PyTorch
# A compiled physics rollout unrolls `n_steps` with a Python loop; the curriculum lengthens the
# rollout every epoch, so each new bound is a new specialisation (recompiles up to the limit).
# verify: c.torch['rollout'] >= 8
import torch


@torch.compile
def rollout(state, dt, n_steps):
    for _ in range(n_steps):
        state = state + dt * torch.tanh(state)
    return state


state = torch.ones(8)
for epoch in range(12):
    horizon = 4 + 2 * epoch
    final = rollout(state, 0.01, horizon)  # label: ACC5
