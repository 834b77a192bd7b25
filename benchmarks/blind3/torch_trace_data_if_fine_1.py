# source: blind57:torch_trace_data_if_fine_1
# framework: PyTorch
# label: none
# The same criterion exported with torch.jit.script: TorchScript compiles the `if` on the
# tensor into graph control flow, so large errors take the Huber branch.
# verify: close(c.scripted_big, c.direct_big)
import torch
from torch import nn


def pick_loss(err):
    if bool(err.abs().max() > 1.0):
        return torch.where(err.abs() > 1.0, err.abs() - 0.5, 0.5 * err ** 2).mean()
    return (0.5 * err ** 2).mean()


class Criterion(nn.Module):
    def forward(self, pred, target):
        return pick_loss(pred - target)


def export_criterion():
    return torch.jit.script(Criterion())


def main():
    big = (torch.zeros(4), torch.full((4,), 3.0))
    scripted = export_criterion()
    return scripted(*big), Criterion()(*big)


scripted_big, direct_big = main()
