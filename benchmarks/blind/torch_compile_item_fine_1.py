# source: blind55:torch_compile_item_fine_1
# framework: PyTorch
# label: none
# The max-normaliser with .item() under torch.compile: a graph break, each call computes its own
# scale, results as eager.
# verify: close(c.outs, e.outs)
import torch
from torch import nn


class MaxNorm(nn.Module):
    def forward(self, x):
        scale = x.abs().max().item()
        return x / scale


norm = torch.compile(MaxNorm())
outs = [norm(torch.ones(4)), norm(torch.arange(4.0) * 3)]
