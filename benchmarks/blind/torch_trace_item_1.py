# source: blind55:torch_trace_item_1
# framework: PyTorch
# A traced normaliser divides by `x.abs().max().item()`: the Python number of the example input
# is baked into the graph, so other inputs are divided by the wrong scale.
# verify: not close(c.traced_out, c.eager_out)
import torch
from torch import nn


class MaxNorm(nn.Module):
    def forward(self, x):
        scale = x.abs().max().item()  # label: ACC3
        return x / scale


norm = MaxNorm()
traced = torch.jit.trace(norm, torch.ones(4), check_trace=False)
batch = torch.arange(4.0) * 3
traced_out = traced(batch)
eager_out = norm(batch)
