# source: https://github.com/pytorch/pytorch/issues/74047
# framework: PyTorch
# The report (torch 1.12): under torch.jit.trace, `x.numel()` was recorded as the constant 24 of
# the example input, so `torch.ones(x.numel())` kept that size for every later input. On torch
# 2.13 the tracer records `numel` from the input's shape: a 2x2 input gives 4 ones. Fine today.
# label: none
# verify: c.later.shape[0] == 4
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        return torch.ones(x.numel())


x = torch.randn(2, 3, 4)
g = torch.jit.trace(Model(), (x,))
print(g.graph)
later = g(torch.randn(2, 2))
