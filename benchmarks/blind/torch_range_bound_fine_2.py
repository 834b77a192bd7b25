# source: blind55:torch_range_bound_fine_2
# framework: PyTorch
# label: none
# The rollout length comes from a config read once; only the state changes per epoch: one
# compile.
# verify: c.torch['rollout'] == 1
import torch

CONFIG = {"horizon": 10, "dt": 0.01, "epochs": 12}


@torch.compile
def rollout(state, dt, n_steps):
    for _ in range(n_steps):
        state = state + dt * torch.tanh(state)
    return state


def main(cfg):
    state = torch.ones(8)
    for epoch in range(cfg["epochs"]):
        state = rollout(state * 0.9, cfg["dt"], cfg["horizon"])
    return state


final = main(CONFIG)
