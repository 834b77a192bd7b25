# source: https://pytorch.org/docs/stable/generated/torch.jit.trace.html
# framework: PyTorch
# property: torch.jit.trace records tensor operations only: a Python value computed from an
# input (len(), .item(), a branch, a loop count) is the example's, baked into every later call.
# spelling: len(x) in a module's forward, traced in main() and called with another batch size.
# verify: not close(c.got, c.eager)
import torch
from torch import nn


class MeanPool(nn.Module):
    def forward(self, x):
        return x.sum(0) / len(x)  # label: ACC3


def main():
    model = MeanPool()
    traced = torch.jit.trace(model, torch.ones(4, 3))
    batch = torch.ones(8, 3)
    return traced(batch), model(batch)


got, eager = main()
