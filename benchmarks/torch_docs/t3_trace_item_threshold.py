# source: https://pytorch.org/docs/stable/generated/torch.jit.trace.html
# framework: PyTorch
# property: (as t1) .item() of an input-derived tensor is the example's value.
# spelling: a module holding a traced submodule (traced in __init__), called from a loop.
# verify: not close(c.outs, c.eagers)
import torch
from torch import nn


class Normalize(nn.Module):
    def forward(self, x):
        peak = x.abs().max().item()  # label: ACC3
        return x / peak


class Pipeline(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = torch.jit.trace(Normalize(), torch.ones(3))

    def forward(self, x):
        return self.norm(x) * 2


pipe = Pipeline()
inputs = [torch.arange(3.0) * k for k in range(1, 4)]
outs = [pipe(x) for x in inputs]
eagers = [Normalize()(x) * 2 for x in inputs]
