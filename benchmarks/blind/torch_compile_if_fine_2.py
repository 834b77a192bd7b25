# source: blind55:torch_compile_if_fine_2
# framework: PyTorch
# label: none
# A data-dependent `if` under the default torch.compile: a graph break, and both branches give
# the eager results.
# verify: close(c.outs, e.outs)
import torch
from torch import nn


class Gate(nn.Module):
    def forward(self, x):
        if x.mean() > 0:
            return x * 2
        return -x


gate = torch.compile(Gate())
outs = [gate(torch.ones(3)), gate(-torch.ones(3))]
