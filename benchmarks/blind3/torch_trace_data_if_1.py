# source: blind57:torch_trace_data_if_1
# framework: PyTorch
# A loss helper picks Huber or L2 with a Python `if` on a tensor; the criterion is traced for
# deployment with an example batch of small errors. The trace keeps the L2 branch, so large
# errors get the wrong loss.
# verify: not close(c.traced_big, c.direct_big)
import torch
from torch import nn


def pick_loss(err):
    if err.abs().max() > 1.0:  # label: ACC2
        return torch.where(err.abs() > 1.0, err.abs() - 0.5, 0.5 * err ** 2).mean()
    return (0.5 * err ** 2).mean()


class Criterion(nn.Module):
    def forward(self, pred, target):
        return pick_loss(pred - target)


def export_criterion(example):
    return torch.jit.trace(Criterion(), example)


def main():
    small = (torch.zeros(4), torch.full((4,), 0.1))
    big = (torch.zeros(4), torch.full((4,), 3.0))
    traced = export_criterion(small)
    return traced(*big), Criterion()(*big)


traced_big, direct_big = main()
